package dev.anemometer.harness.elasticity;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One stats interval of one target, as elasticity judges it.
 *
 * @param startMillis start, from the start of the load
 * @param endMillis end, from the start of the load
 * @param p99Millis the worst QoS percentile of the operations judged on time (not the long poll)
 * @param slowed operations that finished successfully but over their QoS limit
 * @param responseTimeOk every judged operation met its response-time rule
 */
public record IntervalSample(
    String targetId,
    long startMillis,
    long endMillis,
    int users,
    long operations,
    long failures,
    long slowed,
    double p99Millis,
    boolean responseTimeOk,
    IntervalStats stats) {

  /** No failures, response times within QoS, and operations completing at all. */
  public boolean healthy() {
    return failures == 0 && responseTimeOk && (operations > 0 || users == 0);
  }

  /**
   * The worst QoS percentile, in ms, of the operations judged on time over these intervals merged
   * (not the worst interval's: a short interval's p99 rests on few samples); null when none.
   */
  public static Double worstP99Millis(List<IntervalSample> samples, QosSpec qos) {
    IntervalStats merged = null;
    for (IntervalSample sample : samples) {
      merged = merged == null ? sample.stats() : merged.merge(sample.stats());
    }
    if (merged == null) {
      return null;
    }
    double worst = 0;
    for (Map.Entry<OperationType, OperationStats> entry : merged.operations().entrySet()) {
      if (entry.getKey() != OperationType.GET_NEXT_BID && entry.getValue().successes() > 0) {
        worst =
            Math.max(
                worst,
                entry.getValue().latencyMicros().getValueAtPercentile(qos.percentile()) / 1_000.0);
      }
    }
    return worst;
  }

  public static IntervalSample of(StatusReport report, QosSpec qos) {
    IntervalStats stats = report.stats();
    long durationMillis = stats.durationNanos() / 1_000_000;
    long failures = 0;
    long slowed = 0;
    double p99Millis = 0;
    for (Map.Entry<OperationType, OperationStats> entry : stats.operations().entrySet()) {
      OperationStats op = entry.getValue();
      failures += op.failureCount();
      if (entry.getKey() == OperationType.GET_NEXT_BID || op.successes() == 0) {
        continue;
      }
      Histogram latency = op.latencyMicros();
      long limitMicros = qos.limit(entry.getKey()).toNanos() / 1_000;
      slowed += latency.getCountBetweenValues(limitMicros + 1, Long.MAX_VALUE / 2);
      p99Millis = Math.max(p99Millis, latency.getValueAtPercentile(qos.percentile()) / 1_000.0);
    }
    boolean responseTimeOk =
        report.verdict() == null
            || report.verdict().results().stream()
                .noneMatch(r -> r.rule() == QosRule.RESPONSE_TIME && !r.passed());
    return new IntervalSample(
        report.targetId(),
        Math.max(0, report.elapsedMillis() - durationMillis),
        report.elapsedMillis(),
        report.users(),
        stats.totalOperations(),
        failures,
        slowed,
        p99Millis,
        responseTimeOk,
        stats);
  }
}
