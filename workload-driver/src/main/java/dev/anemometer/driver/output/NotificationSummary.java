package dev.anemometer.driver.output;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.qos.RuleResult;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * How late followers learned of one kind of change over an interval, as written to JSON.
 *
 * @param count changes delivered to followers (one per follower that saw it)
 * @param measuredAs how the figure was measured, since it spans two clocks
 * @param rule the notification rule's outcome, null when it was not judged
 */
public record NotificationSummary(
    String notification,
    long count,
    double p50Millis,
    double p90Millis,
    double p95Millis,
    double p99Millis,
    double p999Millis,
    double maxMillis,
    String measuredAs,
    OperationSummary.Rule rule) {

  /**
   * Written into the results beside every figure: the two ends are on different clocks, and only
   * agreeing clocks make the difference a latency.
   */
  public static final String MEASURED_AS =
      "from the commit of the change on PostgreSQL's wall clock (changedAtMicros of the app's"
          + " answer) to the arrival of the follower's answer on the driver's wall clock (1 ms"
          + " resolution); exact when both run on one host, else off by the hosts' clock offset;"
          + " an arrival before the commit counts as 0";

  /** Every kind that was delivered or judged, in the enum's order. */
  public static List<NotificationSummary> of(IntervalStats stats, QosVerdict verdict) {
    List<NotificationSummary> summaries = new ArrayList<>();
    for (Notification kind : Notification.values()) {
      OperationSummary.Rule rule = rule(kind, verdict);
      Histogram micros = stats.notification(kind);
      if (micros.getTotalCount() > 0 || rule != null) {
        summaries.add(
            new NotificationSummary(
                kind.displayName(),
                micros.getTotalCount(),
                OperationSummary.millis(micros, 50),
                OperationSummary.millis(micros, 90),
                OperationSummary.millis(micros, 95),
                OperationSummary.millis(micros, 99),
                OperationSummary.millis(micros, 99.9),
                micros.getTotalCount() == 0 ? 0 : micros.getMaxValue() / 1000.0,
                MEASURED_AS,
                rule));
      }
    }
    return summaries;
  }

  private static OperationSummary.Rule rule(Notification kind, QosVerdict verdict) {
    if (verdict == null) {
      return null;
    }
    for (RuleResult result : verdict.results()) {
      if (result.rule() == QosRule.NOTIFICATION && result.notification() == kind) {
        return new OperationSummary.Rule(result.rule().name(), result.passed(), result.message());
      }
    }
    return null;
  }
}
