package dev.anemometer.driver.run;

import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.driver.operation.AcknowledgedBids;
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
 * @param bracket where findMax's answer lies (highest pass, lowest fail), or null for other paths
 * @param acknowledgedBids every bid the app acknowledged (201) to this target's users, for the bid
 *     audit; complete once the run has finished
 */
public record TargetResult(
    String id,
    List<WindowResult> windows,
    IntervalStats judged,
    IntervalStats whole,
    QosVerdict judgedVerdict,
    Integer peakUsers,
    Bracket bracket,
    boolean passed,
    boolean valid,
    AcknowledgedBids acknowledgedBids) {

  public TargetResult {
    windows = List.copyOf(windows);
  }
}
