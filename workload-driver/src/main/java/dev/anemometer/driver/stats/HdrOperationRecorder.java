package dev.anemometer.driver.stats;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The driver's {@link OperationRecorder}: one pair of HdrHistogram {@link Recorder}s per operation
 * (latency from the intended start, and wire time), swapped at every {@link #takeInterval}. Writers
 * are wait-free, so recording on the users' event loops costs a few nanoseconds.
 */
public final class HdrOperationRecorder implements OperationRecorder {

  private final TimeSource time;
  private final Map<OperationType, Recorder> latency = new EnumMap<>(OperationType.class);
  private final Map<OperationType, Recorder> wire = new EnumMap<>(OperationType.class);
  private final Map<Notification, Recorder> notifications = new EnumMap<>(Notification.class);
  private final FailureCounter failures = new FailureCounter();
  private final AtomicLong maxConnectionWaitNanos = new AtomicLong();
  private long intervalStartNanos;

  public HdrOperationRecorder(TimeSource time) {
    this.time = time;
    for (OperationType type : OperationType.values()) {
      latency.put(type, new Recorder(Histograms.SIGNIFICANT_DIGITS));
      wire.put(type, new Recorder(Histograms.SIGNIFICANT_DIGITS));
    }
    for (Notification kind : Notification.values()) {
      notifications.put(kind, new Recorder(Histograms.SIGNIFICANT_DIGITS));
    }
    this.intervalStartNanos = time.nanoTime();
  }

  @Override
  public void record(
      OperationType type,
      long intendedStartNanos,
      long endNanos,
      long wireNanos,
      String failureReason) {
    if (failureReason != null) {
      failures.increment(type, failureReason);
      return;
    }
    latency.get(type).recordValue(Math.max(0, endNanos - intendedStartNanos) / 1000);
    wire.get(type).recordValue(Math.max(0, wireNanos) / 1000);
  }

  @Override
  public void recordNotification(Notification kind, long latencyMicros) {
    notifications.get(kind).recordValue(latencyMicros);
  }

  @Override
  public void recordConnectionWait(long queuedNanos) {
    maxConnectionWaitNanos.accumulateAndGet(queuedNanos, Math::max);
  }

  /** Everything recorded since the previous call (or construction), ending now. */
  public synchronized IntervalStats takeInterval() {
    long endNanos = time.nanoTime();
    Map<OperationType, Map<String, Long>> failed = failures.takeInterval();
    Map<OperationType, OperationStats> operations = new EnumMap<>(OperationType.class);
    for (OperationType type : OperationType.values()) {
      Histogram latencyMicros = latency.get(type).getIntervalHistogram();
      Histogram wireMicros = wire.get(type).getIntervalHistogram();
      Map<String, Long> reasons = failed.getOrDefault(type, Map.of());
      if (latencyMicros.getTotalCount() > 0 || !reasons.isEmpty()) {
        operations.put(type, new OperationStats(latencyMicros, wireMicros, reasons));
      }
    }
    Map<Notification, Histogram> notified = new EnumMap<>(Notification.class);
    notifications.forEach((kind, recorder) -> notified.put(kind, recorder.getIntervalHistogram()));
    long waitMicros = maxConnectionWaitNanos.getAndSet(0) / 1000;
    IntervalStats stats =
        new IntervalStats(
            intervalStartNanos, endNanos, operations, new DriverHealth(0, 0, waitMicros), notified);
    intervalStartNanos = endNanos;
    return stats;
  }
}
