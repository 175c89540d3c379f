package dev.anemometer.driver.qos;

import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;

/**
 * One rule applied to one operation.
 *
 * @param message what was measured against what, e.g. {@code GetAuctionDetail p99 2.4 s > 2 s}
 * @param limitShare the measured value as a share of its limit (0.4: at 40 % of the limit, above 1:
 *     beyond it), for response-time and failure rules; NaN where the rule has no one-sided limit
 *     (the mix)
 * @param notification the kind of change a {@link QosRule#NOTIFICATION} rule judged, else null
 */
public record RuleResult(
    OperationType operation,
    QosRule rule,
    boolean passed,
    String message,
    double limitShare,
    Notification notification) {

  public RuleResult(
      OperationType operation, QosRule rule, boolean passed, String message, double limitShare) {
    this(operation, rule, passed, message, limitShare, null);
  }

  public RuleResult(OperationType operation, QosRule rule, boolean passed, String message) {
    this(operation, rule, passed, message, Double.NaN);
  }

  /** Whether the measured value stays within {@code share} of its limit (always for the mix). */
  public boolean within(double share) {
    return Double.isNaN(limitShare) || limitShare <= share;
  }
}
