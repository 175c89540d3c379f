package dev.anemometer.driver.stats;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Everything measured between two moments: per-operation histograms and failures plus the driver's
 * health. Intervals merge exactly, across time (consecutive intervals) or across nodes (the same
 * interval on several drivers).
 *
 * @param startNanos start on the measuring node's monotonic clock
 * @param endNanos end on the same clock
 * @param notificationMicros per kind, how late followers learned of changes: the app's commit time
 *     (PostgreSQL's wall clock) to the answer's arrival (the measuring driver's wall clock), so the
 *     figures of several drivers merge exactly as long as their hosts' clocks agree
 */
public record IntervalStats(
    long startNanos,
    long endNanos,
    Map<OperationType, OperationStats> operations,
    DriverHealth health,
    Map<Notification, Histogram> notificationMicros) {

  public IntervalStats {
    EnumMap<OperationType, OperationStats> copy = new EnumMap<>(OperationType.class);
    copy.putAll(operations);
    operations = Collections.unmodifiableMap(copy);
    EnumMap<Notification, Histogram> notified = new EnumMap<>(Notification.class);
    notified.putAll(notificationMicros);
    notificationMicros = Collections.unmodifiableMap(notified);
  }

  public IntervalStats(
      long startNanos,
      long endNanos,
      Map<OperationType, OperationStats> operations,
      DriverHealth health) {
    this(startNanos, endNanos, operations, health, Map.of());
  }

  /** How late followers learned of changes of this kind; empty when none were delivered. */
  public Histogram notification(Notification kind) {
    Histogram histogram = notificationMicros.get(kind);
    return histogram != null ? histogram : Histograms.empty();
  }

  public static IntervalStats empty(long startNanos, long endNanos) {
    return new IntervalStats(startNanos, endNanos, Map.of(), DriverHealth.NONE);
  }

  public OperationStats operation(OperationType type) {
    OperationStats stats = operations.get(type);
    return stats != null ? stats : OperationStats.empty();
  }

  public long totalOperations() {
    long sum = 0;
    for (OperationStats stats : operations.values()) {
      sum += stats.total();
    }
    return sum;
  }

  public long durationNanos() {
    return endNanos - startNanos;
  }

  /** Completed operations per second over this interval. */
  public double throughputPerSecond(OperationType type) {
    long nanos = durationNanos();
    return nanos <= 0 ? 0 : operation(type).total() * 1e9 / nanos;
  }

  /** Operations that succeeded, per second over this interval: the work the system did. */
  public double successesPerSecond() {
    long nanos = durationNanos();
    if (nanos <= 0) {
      return 0;
    }
    long successes = 0;
    for (OperationStats stats : operations.values()) {
      successes += stats.successes();
    }
    return successes * 1e9 / nanos;
  }

  /** Share of all completed operations, 0..1. */
  public double share(OperationType type) {
    long total = totalOperations();
    return total == 0 ? 0 : (double) operation(type).total() / total;
  }

  /**
   * Sums two intervals: histograms added, failures added, health the worst of both, time span the
   * union of both.
   */
  public IntervalStats merge(IntervalStats other) {
    EnumMap<OperationType, OperationStats> merged = new EnumMap<>(OperationType.class);
    merged.putAll(operations);
    other.operations.forEach((type, stats) -> merged.merge(type, stats, OperationStats::merge));
    EnumMap<Notification, Histogram> notified = new EnumMap<>(Notification.class);
    notified.putAll(notificationMicros);
    other.notificationMicros.forEach(
        (kind, micros) -> notified.merge(kind, micros, Histograms::sum));
    return new IntervalStats(
        Math.min(startNanos, other.startNanos),
        Math.max(endNanos, other.endNanos),
        merged,
        health.worst(other.health),
        notified);
  }

  /** The same measurements re-timed onto another clock (a controller's, for a worker's stats). */
  public IntervalStats withSpan(long newStartNanos, long newEndNanos) {
    return new IntervalStats(newStartNanos, newEndNanos, operations, health, notificationMicros);
  }

  public IntervalStats withHealth(DriverHealth newHealth) {
    return new IntervalStats(startNanos, endNanos, operations, newHealth, notificationMicros);
  }
}
