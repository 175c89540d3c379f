package dev.anemometer.driver.stats;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one operation did in an interval.
 *
 * @param latencyMicros successful operations, from intended start to end (coordinated omission
 *     corrected)
 * @param wireMicros the same operations' time actually spent on the wire
 * @param failures failed operations by reason
 */
public record OperationStats(
    Histogram latencyMicros, Histogram wireMicros, Map<String, Long> failures) {

  public OperationStats {
    failures = Map.copyOf(failures);
  }

  public static OperationStats empty() {
    return new OperationStats(Histograms.empty(), Histograms.empty(), Map.of());
  }

  public long successes() {
    return latencyMicros.getTotalCount();
  }

  public long failureCount() {
    long sum = 0;
    for (long count : failures.values()) {
      sum += count;
    }
    return sum;
  }

  /** Every operation that completed, successful or not. */
  public long total() {
    return successes() + failureCount();
  }

  public OperationStats merge(OperationStats other) {
    Map<String, Long> mergedFailures = new TreeMap<>(failures);
    other.failures.forEach((reason, count) -> mergedFailures.merge(reason, count, Long::sum));
    return new OperationStats(
        Histograms.sum(latencyMicros, other.latencyMicros),
        Histograms.sum(wireMicros, other.wireMicros),
        mergedFailures);
  }
}
