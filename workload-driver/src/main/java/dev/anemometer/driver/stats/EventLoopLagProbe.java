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
 *
 * <p>What counts is lateness that lasts: per loop, the smallest lateness of its runs since the
 * previous take (a saturated loop is late on every run), and for a loop that did not run at all
 * since then, how late its pending run is by now. One pause of the whole machine (a page-cache
 * flush, another process's burst) delays one run and is over; it shows in the latencies, measured
 * from the intended start, but it does not mean the driver was the bottleneck.
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

  /** One monitored loop: when its task is due and its smallest lateness since the last take. */
  private static final class Loop {
    final Scheduler scheduler;
    final AtomicLong smallestLagNanos = new AtomicLong(Long.MAX_VALUE);
    volatile long dueNanos;

    Loop(Scheduler scheduler) {
      this.scheduler = scheduler;
    }
  }

  private final List<Loop> loops;
  private final TimeSource time;
  private final long periodNanos;
  private volatile boolean closed;

  public EventLoopLagProbe(List<Scheduler> schedulers, TimeSource time, Duration period) {
    this.loops = schedulers.stream().map(Loop::new).toList();
    this.time = time;
    this.periodNanos = period.toNanos();
  }

  public void start() {
    long now = time.nanoTime();
    for (Loop loop : loops) {
      scheduleAt(loop, now + periodNanos);
    }
  }

  /** The worst loop's lasting lateness since the previous call (see the class comment). */
  public long takeSustainedLagMicros() {
    long now = time.nanoTime();
    long worstNanos = 0;
    for (Loop loop : loops) {
      long smallest = loop.smallestLagNanos.getAndSet(Long.MAX_VALUE);
      long lagNanos = smallest == Long.MAX_VALUE ? Math.max(0, now - loop.dueNanos) : smallest;
      worstNanos = Math.max(worstNanos, lagNanos);
    }
    return worstNanos / 1000;
  }

  @Override
  public void close() {
    closed = true;
  }

  private void scheduleAt(Loop loop, long dueNanos) {
    if (closed) {
      loop.dueNanos = Long.MAX_VALUE;
      return;
    }
    loop.dueNanos = dueNanos;
    try {
      loop.scheduler.schedule(() -> ran(loop, dueNanos), dueNanos - time.nanoTime());
    } catch (RejectedExecutionException shutDown) {
      // The executor is shutting down with its client; nothing left to watch there.
      loop.dueNanos = Long.MAX_VALUE;
    }
  }

  private void ran(Loop loop, long dueNanos) {
    long now = time.nanoTime();
    loop.smallestLagNanos.accumulateAndGet(Math.max(0, now - dueNanos), Math::min);
    scheduleAt(loop, now + periodNanos);
  }
}
