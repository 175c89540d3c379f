package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploy.Polling;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.tuning.HaproxyLayout;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The app tier of one app instance on this host. Scale-up starts a JVM, waits for readiness and
 * warm-up, then lets the balancer send it traffic (HAProxy: a prepared backend slot set ready;
 * nginx balancing directly: a new upstream and a graceful reload); scale-down takes the server out
 * of the balancer first, waits until its requests and long polls end (or the drain timeout), then
 * stops the JVM with SIGTERM, whose graceful shutdown answers parked long polls with 204 and
 * finishes what is in flight.
 */
final class LocalAppTier implements ScalableTier {

  /** How often a drain looks at what the balancer still has in flight on the server. */
  private static final Duration DRAIN_POLL = Duration.ofMillis(200);

  private final AppLauncher launcher;
  private final ProcessGroup processes;
  private final AppBalancer balancer;
  private final Duration warmUp;
  private final Duration drainTimeout;
  private final AppLauncher.Launched[] slots;
  private int inLb;
  private long lastCpuNanos = -1;
  private long lastWallNanos;

  LocalAppTier(
      AppLauncher launcher,
      List<AppLauncher.Launched> initial,
      int maxInstances,
      ProcessGroup processes,
      AppBalancer balancer,
      Duration warmUp,
      Duration drainTimeout) {
    this.launcher = launcher;
    this.processes = processes;
    this.balancer = balancer;
    this.warmUp = warmUp;
    this.drainTimeout = drainTimeout;
    this.slots = new AppLauncher.Launched[Math.max(maxInstances, initial.size())];
    for (int i = 0; i < initial.size(); i++) {
      slots[i] = initial.get(i);
    }
    this.inLb = initial.size();
  }

  @Override
  public TierName tier() {
    return TierName.APP;
  }

  /** The port of the running app server named {@code name}, if it is one of this tier's. */
  synchronized OptionalInt port(String name) {
    for (AppLauncher.Launched launched : slots) {
      if (launched != null && launched.process().name().equals(name)) {
        return OptionalInt.of(launched.port());
      }
    }
    return OptionalInt.empty();
  }

  @Override
  public synchronized int instances() {
    return inLb;
  }

  @Override
  public int maxInstances() {
    return slots.length;
  }

  @Override
  public void scaleTo(int target, ChangeSteps steps) throws InterruptedException {
    if (target < 1 || target > slots.length) {
      throw new IllegalArgumentException(
          "app servers: " + target + " is outside 1.." + slots.length + " (the prepared slots)");
    }
    List<Integer> chosen = new ArrayList<>();
    boolean up;
    synchronized (this) {
      up = target > inLb;
      for (int i = 0; i < slots.length && chosen.size() < Math.abs(target - inLb); i++) {
        int slot = up ? i : slots.length - 1 - i;
        if ((slots[slot] == null) == up) {
          chosen.add(slot);
        }
      }
    }
    ExecutorService parallel = Executors.newFixedThreadPool(Math.max(1, chosen.size()));
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int slot : chosen) {
        futures.add(
            parallel.submit(
                () -> {
                  if (up) {
                    add(slot, steps);
                  } else {
                    remove(slot, steps);
                  }
                  return null;
                }));
      }
      for (Future<?> future : futures) {
        try {
          future.get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
      }
    } finally {
      parallel.shutdownNow();
    }
  }

  private void add(int slot, ChangeSteps steps) throws IOException, InterruptedException {
    steps.step("starting", Map.of("server", launcher.name(slot)));
    AppLauncher.Launched launched = launcher.launch(slot);
    processes.add(launched.process(), AppServer.STOP_GRACE);
    synchronized (this) {
      slots[slot] = launched;
    }
    steps.step(
        "ready",
        Map.of(
            "server",
            launcher.name(slot),
            "port",
            launched.port(),
            "pid",
            launched.process().pid()));
    // A deliberate warm-up, not a wait for a condition: JIT and connection pools settle first.
    Thread.sleep(warmUp.toMillis());
    steps.step("warmed-up", Map.of("server", launcher.name(slot)));
    balancer.admit(slot, launched.port());
    int now;
    synchronized (this) {
      now = ++inLb;
    }
    steps.step("in-lb", Map.of("server", launcher.name(slot), "instances", now));
  }

  private void remove(int slot, ChangeSteps steps) throws IOException, InterruptedException {
    balancer.drain(slot);
    int now;
    synchronized (this) {
      now = --inLb;
    }
    steps.step("draining", Map.of("server", launcher.name(slot), "instances", now));
    int inFlight =
        Polling.until(() -> balancer.inFlight(slot), n -> n == 0, drainTimeout, DRAIN_POLL);
    steps.step("drained", Map.of("server", launcher.name(slot), "sessionsLeft", inFlight));
    AppLauncher.Launched launched;
    synchronized (this) {
      launched = slots[slot];
      slots[slot] = null;
    }
    processes.stop(launched.process());
    balancer.retire(slot);
    steps.step("stopped", Map.of("server", launcher.name(slot), "instances", now));
  }

  /**
   * SIGKILL: the load balancer finds out by itself, as it would in production. The step records
   * what the balancer had in flight on the server just before (requests and parked long polls): the
   * most the kill may cost.
   */
  void kill(int slot, ChangeSteps steps) {
    AppLauncher.Launched launched;
    int now;
    synchronized (this) {
      launched = slotOrFail(slot);
      slots[slot] = null;
      now = --inLb;
    }
    Map<String, Object> killed = new LinkedHashMap<>();
    killed.put("server", launcher.name(slot));
    killed.put("instances", now);
    try {
      balancer.sessions(slot).ifPresent(n -> killed.put(ChangeSteps.IN_FLIGHT, n));
    } catch (IOException e) {
      killed.put("inFlightUnknown", e.getMessage());
    }
    launched.process().kill();
    processes.stop(launched.process());
    steps.step("killed", killed);
  }

  /** Stops the app server cleanly and starts another in its slot. */
  void restart(int slot, ChangeSteps steps) throws IOException, InterruptedException {
    remove(slot, steps);
    add(slot, steps);
  }

  synchronized ManagedProcess process(int slot) {
    return slotOrFail(slot).process();
  }

  private AppLauncher.Launched slotOrFail(int slot) {
    if (slot < 0 || slot >= slots.length || slots[slot] == null) {
      throw new IllegalArgumentException("app server " + slot + " is not running");
    }
    return slots[slot];
  }

  /** After a load balancer restarted from its file: the runtime changes made since, again. */
  synchronized void reapply(LocalTiers.Haproxy lb) throws IOException {
    for (int slot = 0; slot < slots.length; slot++) {
      String server = HaproxyLayout.serverName(slot);
      if (slots[slot] != null) {
        lb.api().setServerAddress(server, Ports.LOOPBACK, slots[slot].port());
        lb.api().setServerState(server, "ready");
      } else {
        lb.api().setServerState(server, "maint");
      }
    }
  }

  @Override
  public synchronized OptionalDouble cpuUtilization() {
    long cpuNanos = 0;
    int running = 0;
    for (AppLauncher.Launched launched : slots) {
      if (launched != null) {
        running++;
        cpuNanos +=
            launched.process().handle().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
      }
    }
    long wall = System.nanoTime();
    OptionalDouble result =
        lastCpuNanos < 0 || running == 0 || wall == lastWallNanos
            ? OptionalDouble.empty()
            : OptionalDouble.of(
                Math.max(0, cpuNanos - lastCpuNanos) / (double) (wall - lastWallNanos) / running);
    lastCpuNanos = cpuNanos;
    lastWallNanos = wall;
    return result;
  }
}
