package dev.anemometer.driver.stats;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Adds intervals into one in place: the run loop folds every tick's stats into the live status, the
 * current window and the whole run, and copying histograms on every tick would be the driver's
 * largest allocation. Not thread-safe: owned by the run loop.
 */
public final class IntervalAccumulator {

  private final Map<OperationType, Histogram> latency = new EnumMap<>(OperationType.class);
  private final Map<OperationType, Histogram> wire = new EnumMap<>(OperationType.class);
  private final Map<Notification, Histogram> notifications = new EnumMap<>(Notification.class);
  private final Map<OperationType, Map<String, Long>> failures = new EnumMap<>(OperationType.class);
  private long startNanos;
  private long endNanos;
  private long coveredNanos;
  private DriverHealth health = DriverHealth.NONE;

  public IntervalAccumulator(long startNanos) {
    this.startNanos = startNanos;
    this.endNanos = startNanos;
  }

  public void add(IntervalStats stats) {
    stats
        .operations()
        .forEach(
            (type, operation) -> {
              latency.computeIfAbsent(type, t -> Histograms.empty()).add(operation.latencyMicros());
              wire.computeIfAbsent(type, t -> Histograms.empty()).add(operation.wireMicros());
              Map<String, Long> reasons = failures.computeIfAbsent(type, t -> new TreeMap<>());
              operation
                  .failures()
                  .forEach((reason, count) -> reasons.merge(reason, count, Long::sum));
            });
    stats
        .notificationMicros()
        .forEach(
            (kind, micros) ->
                notifications.computeIfAbsent(kind, k -> Histograms.empty()).add(micros));
    startNanos = Math.min(startNanos, stats.startNanos());
    endNanos = Math.max(endNanos, stats.endNanos());
    coveredNanos += stats.durationNanos();
    health = health.worst(stats.health());
  }

  /**
   * A copy of what was added. Its span starts at the first start and lasts the time the added
   * intervals covered, so rates stay right when they were not adjacent (findMax's windows).
   */
  public IntervalStats snapshot() {
    Map<OperationType, OperationStats> operations = new EnumMap<>(OperationType.class);
    latency.forEach(
        (type, histogram) ->
            operations.put(
                type,
                new OperationStats(
                    Histograms.copyOf(histogram),
                    Histograms.copyOf(wire.get(type)),
                    failures.get(type))));
    Map<Notification, Histogram> notified = new EnumMap<>(Notification.class);
    notifications.forEach((kind, micros) -> notified.put(kind, Histograms.copyOf(micros)));
    return new IntervalStats(startNanos, startNanos + coveredNanos, operations, health, notified);
  }

  /** Time span of what was added, first start to last end. */
  public long spanNanos() {
    return endNanos - startNanos;
  }
}
