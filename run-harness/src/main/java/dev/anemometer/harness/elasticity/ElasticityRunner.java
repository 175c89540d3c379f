package dev.anemometer.harness.elasticity;

import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ElasticitySpec;
import dev.anemometer.harness.config.FaultSpec;
import dev.anemometer.harness.json.EventLog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the elasticity schedule, the reactive policy and the fault schedule while the driver
 * runs, timed from the driver's start. Listens to the driver's interval stats: they feed the policy
 * and, at the end, the per-change, per-segment and recovery metrics. Changes to one tier happen one
 * after another; faults on their own thread, so that a pause does not hold up a scale-up.
 *
 * <p>A pause lasts at most as long as the load: when the load ends (or the harness is stopped by a
 * signal) the pausing thread is interrupted and the target resumes the instance, within seconds. A
 * tier left stopped would hold up the audit and teardown that follow.
 */
public final class ElasticityRunner implements RunListener, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ElasticityRunner.class);

  /** How long the end of the load waits for a paused instance to be resumed. */
  static final Duration RESUME_WAIT = Duration.ofSeconds(15);

  private final AnemometerConfig config;
  private final Map<Integer, ScalableTier> tiers;
  private final Map<Integer, FaultTarget> faultTargets;
  private final EventLog events;
  private final QosSpec qos;
  private final ReactivePolicy policy;
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final ExecutorService scaling = Executors.newSingleThreadExecutor();
  private final ExecutorService faulting = Executors.newSingleThreadExecutor();
  private final AtomicBoolean changing = new AtomicBoolean();
  private final AtomicInteger sequence = new AtomicInteger();
  private final Timeline timeline = new Timeline();
  private final Map<String, List<IntervalSample>> samples = new ConcurrentHashMap<>();
  private final List<Change> changes = new ArrayList<>();
  private volatile long loadStartNanos = System.nanoTime();
  private final Thread resumeOnExit = new Thread(this::endPause, "anemometer-resume-paused");
  private boolean hookInstalled;
  private boolean loadOver;
  private Thread pausing;

  public ElasticityRunner(
      AnemometerConfig config,
      Map<Integer, ScalableTier> tiers,
      Map<Integer, FaultTarget> faultTargets,
      EventLog events,
      QosSpec qos) {
    this.config = config;
    this.tiers = Map.copyOf(tiers);
    this.faultTargets = Map.copyOf(faultTargets);
    this.events = events;
    this.qos = qos;
    ElasticitySpec.ReactiveSpec reactive = config.elasticity().reactive();
    this.policy = reactive == null ? null : new ReactivePolicy(reactive);
    tiers.forEach((index, tier) -> timeline.set(targetId(index), 0, tier.instances()));
  }

  static String targetId(int appInstance) {
    return "instance-" + appInstance;
  }

  /** A change is queued or under way (the policy waits for it). */
  boolean changing() {
    return changing.get();
  }

  long loadMillis() {
    return (System.nanoTime() - loadStartNanos) / 1_000_000;
  }

  @Override
  public void onStart(RunSpec spec) {
    loadStartNanos = System.nanoTime();
    if (!config.faults().isEmpty()) {
      synchronized (this) {
        Runtime.getRuntime().addShutdownHook(resumeOnExit);
        hookInstalled = true;
      }
    }
    for (ElasticitySpec.Step step : config.elasticity().schedule()) {
      long due = ScheduleTimes.dueMillis(config, step);
      timer.schedule(
          () -> submitScale(step.appInstanceIndex(), step.instances(), "schedule", Map.of()),
          due,
          TimeUnit.MILLISECONDS);
    }
    for (FaultSpec fault : config.faults()) {
      timer.schedule(
          () -> faulting.execute(() -> inject(fault)),
          fault.at().toMillis(),
          TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void onStatus(StatusReport report) {
    IntervalSample sample = IntervalSample.of(report, qos);
    samples.computeIfAbsent(report.targetId(), id -> new ArrayList<>()).add(sample);
    if (policy == null) {
      return;
    }
    int index = config.elasticity().reactive().appInstanceIndex();
    ScalableTier tier = tiers.get(index);
    if (tier == null || !report.targetId().equals(targetId(index)) || changing.get()) {
      return;
    }
    OptionalDouble cpu = tier.cpuUtilization();
    OptionalInt decision = policy.decide(report.elapsedMillis(), tier.instances(), sample, cpu);
    // what the policy saw, so that a results reader can tell why the tier moved
    Map<String, Object> seen = new java.util.LinkedHashMap<>();
    seen.put("p99Millis", sample.p99Millis());
    cpu.ifPresent(cores -> seen.put("cpuCoresPerServer", Math.round(cores * 1_000) / 1_000.0));
    decision.ifPresent(target -> submitScale(index, target, "reactive", seen));
  }

  private void submitScale(
      int appInstance, int instances, String trigger, Map<String, Object> reason) {
    ScalableTier tier = tiers.get(appInstance);
    if (tier == null) {
      log.warn(
          "no scalable tier for app instance {}: change to {} skipped", appInstance, instances);
      return;
    }
    changing.set(true);
    scaling.execute(() -> scale(appInstance, tier, instances, trigger, reason));
  }

  private void scale(
      int appInstance,
      ScalableTier tier,
      int instances,
      String trigger,
      Map<String, Object> reason) {
    String targetId = targetId(appInstance);
    Change change =
        register(
            "elasticity",
            targetId,
            Map.of(
                "tier",
                tier.tier().configName(),
                "from",
                tier.instances(),
                "to",
                instances,
                "trigger",
                trigger));
    change.step("requested", reason);
    try {
      tier.scaleTo(
          instances,
          (state, details) -> {
            change.step(state, details);
            if (details.get("instances") instanceof Integer now) {
              timeline.set(targetId, change.lastOffset(), now);
            }
          });
      change.step("done", Map.of("instances", tier.instances()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      change.step("interrupted");
    } catch (RuntimeException e) {
      log.warn("scaling {} to {} failed: {}", targetId, instances, e.getMessage());
      change.step("failed", Map.of("message", String.valueOf(e.getMessage())));
    } finally {
      timeline.set(targetId, loadMillis(), tier.instances());
      changing.set(false);
    }
  }

  private void inject(FaultSpec fault) {
    String action = fault.kill() != null ? "kill" : fault.restart() != null ? "restart" : "pause";
    Change change =
        register(
            "fault",
            targetId(fault.appInstanceIndex()),
            Map.of(
                "action", action,
                "tier", fault.tier().configName(),
                "instance", fault.instanceIndex()));
    change.step("injected");
    try {
      FaultTarget faultTarget = faultTargets.get(fault.appInstanceIndex());
      if (faultTarget == null) {
        throw new UnsupportedFaultException("this target injects no faults");
      }
      switch (action) {
        case "kill" -> faultTarget.kill(fault.tier(), fault.instanceIndex(), change);
        case "restart" -> faultTarget.restart(fault.tier(), fault.instanceIndex(), change);
        default -> pause(faultTarget, fault, change);
      }
      change.step("done");
    } catch (UnsupportedFaultException e) {
      change.step("skipped", Map.of("message", e.getMessage()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      change.step(endedWithLoad() ? "ended-with-load" : "interrupted");
    } catch (RuntimeException e) {
      log.warn("fault {} on {} failed: {}", action, fault.tier().configName(), e.getMessage());
      change.step("failed", Map.of("message", String.valueOf(e.getMessage())));
    }
  }

  /** A pause, interruptible by the load's end: {@link #endPause} stops the wait. */
  private void pause(FaultTarget target, FaultSpec fault, Change change)
      throws InterruptedException {
    synchronized (this) {
      if (loadOver) {
        throw new UnsupportedFaultException("the load is over");
      }
      pausing = Thread.currentThread();
    }
    try {
      target.pause(fault.tier(), fault.instanceIndex(), fault.duration(), change);
    } finally {
      synchronized (this) {
        pausing = null;
        notifyAll();
      }
    }
  }

  private synchronized boolean endedWithLoad() {
    return loadOver;
  }

  /**
   * Ends a pause under way and refuses later ones; waits (a few seconds at most) for the target to
   * resume the instance. Also the shutdown hook: a signal that stops the harness resumes it too.
   */
  private synchronized void endPause() {
    loadOver = true;
    if (pausing == null) {
      return;
    }
    pausing.interrupt();
    long deadline = System.nanoTime() + RESUME_WAIT.toNanos();
    try {
      for (long left = RESUME_WAIT.toNanos(); pausing != null && left > 0; ) {
        TimeUnit.NANOSECONDS.timedWait(this, left);
        left = deadline - System.nanoTime();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private Change register(String kind, String targetId, Map<String, Object> attributes) {
    Change change =
        new Change(
            kind,
            kind + "-" + sequence.incrementAndGet(),
            targetId,
            attributes,
            events,
            this::loadMillis);
    synchronized (changes) {
      changes.add(change);
    }
    return change;
  }

  /**
   * Stops scheduling and ends a pause under way; waits for a change, kill or restart under way so
   * that no process is left half-done.
   */
  @Override
  public void close() throws InterruptedException {
    timer.shutdownNow();
    endPause();
    scaling.shutdown();
    faulting.shutdown();
    if (!scaling.awaitTermination(3, TimeUnit.MINUTES)
        || !faulting.awaitTermination(3, TimeUnit.MINUTES)) {
      log.warn("an elasticity change or fault still runs after 3 minutes");
    }
    synchronized (this) {
      if (hookInstalled) {
        hookInstalled = false;
        try {
          Runtime.getRuntime().removeShutdownHook(resumeOnExit);
        } catch (IllegalStateException shuttingDown) {
          // the hook is running or about to: it does the same work
        }
      }
    }
  }

  /** The results for summary.json, once the load is over. */
  public ElasticityResults results() {
    List<Change> done;
    synchronized (changes) {
      done = List.copyOf(changes);
    }
    Map<String, Integer> max = new java.util.HashMap<>();
    tiers.forEach((index, tier) -> max.put(targetId(index), tier.maxInstances()));
    return ElasticityResults.of(
        done, Map.copyOf(samples), timeline, max, qos, config.strategy().configName());
  }
}
