package dev.anemometer.driver.run;

import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.List;

/**
 * One target's outcome.
 *
 * @param windows every judged window, in order
 * @param judged the judged windows merged (what the summary reports)
 * @param whole the whole run merged, ramps included
 * @param judgedVerdict the QoS rules applied to {@code judged}, for the per-rule summary
 * @param peakUsers findMax's answer, or null for other load paths
 */
public record TargetResult(
    String id,
    List<WindowResult> windows,
    IntervalStats judged,
    IntervalStats whole,
    QosVerdict judgedVerdict,
    Integer peakUsers,
    boolean passed,
    boolean valid) {

  public TargetResult {
    windows = List.copyOf(windows);
  }
}
