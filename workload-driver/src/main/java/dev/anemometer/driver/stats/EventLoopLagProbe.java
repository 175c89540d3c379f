package dev.anemometer.driver.stats;

import dev.anemometer.driver.TimeSource;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures how late a periodic task runs on each monitored thread. A busy or starved event loop
 * delays its users' pacing timers and responses alike, so its lateness is the driver's own latency.
 */
public final class EventLoopLagProbe implements AutoCloseable {

  /** Where the probe schedules its task; tests substitute one that runs on a fake clock. */
  @FunctionalInterface
  public interface Scheduler {
    void schedule(Runnable task, long delayNanos);

    static Scheduler of(ScheduledExecutorService executor) {
      return (task, delayNanos) -> executor.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }
  }

  public static final Duration DEFAULT_PERIOD = Duration.ofMillis(100);

  private final List<Scheduler> schedulers;
  private final TimeSource time;
  private final long periodNanos;
  private final AtomicLong maxLagNanos = new AtomicLong();
  private volatile boolean closed;

  public EventLoopLagProbe(List<Scheduler> schedulers, TimeSource time, Duration period) {
    this.schedulers = List.copyOf(schedulers);
    this.time = time;
    this.periodNanos = period.toNanos();
  }

  public void start() {
    long now = time.nanoTime();
    for (Scheduler scheduler : schedulers) {
      scheduleAt(scheduler, now + periodNanos);
    }
  }

  /** The largest lateness since the previous call. */
  public long takeMaxLagMicros() {
    return maxLagNanos.getAndSet(0) / 1000;
  }

  @Override
  public void close() {
    closed = true;
  }

  private void scheduleAt(Scheduler scheduler, long dueNanos) {
    if (closed) {
      return;
    }
    try {
      scheduler.schedule(() -> ran(scheduler, dueNanos), dueNanos - time.nanoTime());
    } catch (RejectedExecutionException shutDown) {
      // The executor is shutting down with its client; nothing left to watch there.
    }
  }

  private void ran(Scheduler scheduler, long dueNanos) {
    long now = time.nanoTime();
    maxLagNanos.accumulateAndGet(Math.max(0, now - dueNanos), Math::max);
    scheduleAt(scheduler, now + periodNanos);
  }
}
