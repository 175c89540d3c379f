package dev.anemometer.driver.output;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.qos.RuleResult;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One operation's figures over an interval, as written to JSON and CSV. Latencies are from the
 * intended start (milliseconds); {@code wireP99Millis} is the time on the wire alone.
 */
public record OperationSummary(
    String operation,
    long count,
    long failures,
    Map<String, Long> failuresByReason,
    double throughputPerSecond,
    double mixPercent,
    double meanMillis,
    double p50Millis,
    double p90Millis,
    double p95Millis,
    double p99Millis,
    double p999Millis,
    double maxMillis,
    double wireP99Millis,
    List<Rule> rules) {

  /** Read back from a file that lacks them, an operation has no rules and no failures by reason. */
  public OperationSummary {
    rules = rules == null ? List.of() : List.copyOf(rules);
    failuresByReason = failuresByReason == null ? Map.of() : failuresByReason;
  }

  /** A QoS rule's outcome for this operation. */
  public record Rule(String rule, boolean passed, String message) {}

  /** Every operation that occurred or was judged, in the enum's order. */
  public static List<OperationSummary> of(IntervalStats stats, QosVerdict verdict) {
    List<OperationSummary> summaries = new ArrayList<>();
    for (OperationType type : OperationType.values()) {
      List<Rule> rules = new ArrayList<>();
      if (verdict != null) {
        for (RuleResult result : verdict.results()) {
          if (result.operation() == type) {
            rules.add(new Rule(result.rule().name(), result.passed(), result.message()));
          }
        }
      }
      if (stats.operations().containsKey(type) || !rules.isEmpty()) {
        summaries.add(of(type, stats, rules));
      }
    }
    return summaries;
  }

  private static OperationSummary of(OperationType type, IntervalStats stats, List<Rule> rules) {
    OperationStats operation = stats.operation(type);
    Histogram latency = operation.latencyMicros();
    boolean empty = latency.getTotalCount() == 0;
    return new OperationSummary(
        type.displayName(),
        operation.total(),
        operation.failureCount(),
        operation.failures(),
        round(stats.throughputPerSecond(type)),
        round(stats.share(type) * 100),
        empty ? 0 : round(latency.getMean() / 1000),
        millis(latency, 50),
        millis(latency, 90),
        millis(latency, 95),
        millis(latency, 99),
        millis(latency, 99.9),
        empty ? 0 : latency.getMaxValue() / 1000.0,
        millis(operation.wireMicros(), 99),
        rules);
  }

  static double millis(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1000.0;
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
