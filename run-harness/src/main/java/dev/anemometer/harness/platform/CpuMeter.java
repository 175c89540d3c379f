package dev.anemometer.harness.platform;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.json.EventLog;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * CPU per tier over every judged window. The driver reports a window when it closes, so samples are
 * taken every second while the load runs and the one nearest the window's start is paired with a
 * sample taken at its end; rates divide by the time between those two samples.
 *
 * <p>Window times count from the driver's start, which precedes {@code onStart} by the time its
 * users take to start: every event that carries an elapsed time moves the start back to the
 * earliest it implies.
 */
public final class CpuMeter implements RunListener {

  /** About three hours of one sample a second; older ones are dropped. */
  private static final int HISTORY = 10_000;

  private static final Duration EVERY = Duration.ofSeconds(1);

  private final CpuSampler sampler;
  private final LongSupplier nanoTime;
  private final EventLog events;
  private final Deque<CpuSample> history = new ArrayDeque<>();
  private final List<WindowCpu> windows = new ArrayList<>();
  private final Map<String, Integer> activeUsers = new ConcurrentHashMap<>();
  private final boolean background;
  private volatile ScheduledExecutorService scheduler;
  private volatile long startNanos;

  CpuMeter(CpuSampler sampler, LongSupplier nanoTime, EventLog events, boolean background) {
    this.sampler = sampler;
    this.nanoTime = nanoTime;
    this.events = events;
    this.background = background;
  }

  /**
   * Samples the given tier processes of this host, and this JVM with the driver's other processes
   * (its worker JVMs), every second of the load.
   */
  public static CpuMeter ofHost(
      Supplier<List<TierProcess>> processes, Supplier<List<Long>> driverPids, EventLog events) {
    return new CpuMeter(CpuSampler.host(processes, driverPids), System::nanoTime, events, true);
  }

  /**
   * Samples the tiers as the target measures them ({@link TargetCpu}) and this JVM, every second of
   * the load.
   */
  public static CpuMeter ofTarget(TargetCpu cpu, EventLog events) {
    return new CpuMeter(CpuSampler.target(cpu), System::nanoTime, events, true);
  }

  @Override
  public void onStart(RunSpec spec) {
    startNanos = nanoTime.getAsLong();
    sampleNow();
    if (background) {
      scheduler =
          Executors.newSingleThreadScheduledExecutor(
              task -> {
                Thread thread = new Thread(task, "anemometer-cpu-sampler");
                thread.setDaemon(true);
                return thread;
              });
      scheduler.scheduleAtFixedRate(
          this::sampleQuietly, EVERY.toMillis(), EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void onUsersChanged(String targetId, long elapsedMillis, int users, LoadPhase phase) {
    activeUsers.put(targetId, users);
    alignStart(elapsedMillis);
  }

  @Override
  public void onStatus(StatusReport report) {
    alignStart(report.elapsedMillis());
  }

  /** Called on the driver's tick, moments after it read the clock for {@code elapsedMillis}. */
  private void alignStart(long elapsedMillis) {
    startNanos = Math.min(startNanos, nanoTime.getAsLong() - elapsedMillis * 1_000_000);
  }

  @Override
  public void onWindow(WindowResult window) {
    CpuSample end = sampleNow();
    CpuSample start = nearest(startNanos + window.startMillis() * 1_000_000);
    WindowCpu cpu =
        WindowCpu.between(
            window,
            appInstance(window.targetId()),
            start,
            end,
            activeUsers.values().stream().mapToInt(Integer::intValue).sum());
    synchronized (this) {
      windows.add(cpu);
    }
    events.record(
        "cpu",
        window.targetId(),
        Map.of(
            "index", cpu.index(),
            "users", cpu.users(),
            "wallSeconds", cpu.wallSeconds(),
            "tiers", cpu.tiers()));
  }

  @Override
  public void onFinish(RunResult result) {
    close();
  }

  /** Stops sampling; also for a load that broke off, whose driver never says it finished. */
  public void close() {
    if (scheduler != null) {
      scheduler.shutdownNow();
    }
  }

  public synchronized List<WindowCpu> windows() {
    return List.copyOf(windows);
  }

  synchronized CpuSample sampleNow() {
    CpuSample sample = sampler.sample(nanoTime.getAsLong());
    history.addLast(sample);
    if (history.size() > HISTORY) {
      history.removeFirst();
    }
    return sample;
  }

  private void sampleQuietly() {
    try {
      sampleNow();
    } catch (RuntimeException e) {
      // A torn /proc read; the next second's sample does as well.
    }
  }

  private synchronized CpuSample nearest(long nanoTime) {
    CpuSample best = history.peekFirst();
    for (CpuSample sample : history) {
      if (Math.abs(sample.nanoTime() - nanoTime) < Math.abs(best.nanoTime() - nanoTime)) {
        best = sample;
      }
    }
    return best;
  }

  /** The harness names each target after its app instance: instance-N. */
  static int appInstance(String targetId) {
    int dash = targetId.lastIndexOf('-');
    try {
      return Integer.parseInt(targetId.substring(dash + 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
