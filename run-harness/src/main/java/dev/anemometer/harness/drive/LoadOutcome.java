package dev.anemometer.harness.drive;

import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.harness.audit.AcknowledgedBid;
import java.util.List;

/**
 * What the load phase reports.
 *
 * @param instancesPassed QoS verdict per app instance, in config order
 * @param valid false when the driver itself was the bottleneck in a judged interval
 * @param peakUsers findMax: per instance; otherwise the users driven
 * @param acknowledgedBids per instance, every bid answered with 201, for the bid audit
 * @param summary the driver's summary (per operation table, intervals), saved in summary.json
 */
public record LoadOutcome(
    List<Boolean> instancesPassed,
    boolean valid,
    List<Integer> peakUsers,
    List<List<AcknowledgedBid>> acknowledgedBids,
    DriverSummary summary) {

  public boolean passed() {
    return valid && instancesPassed.stream().allMatch(Boolean::booleanValue);
  }

  /** As in Weathervane: the sum of the passing instances' peaks. */
  public int totalPeakUsers() {
    int total = 0;
    for (int i = 0; i < peakUsers.size(); i++) {
      if (instancesPassed.get(i)) {
        total += peakUsers.get(i);
      }
    }
    return total;
  }
}
