package dev.anemometer.harness.drive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.harness.audit.AcknowledgedBid;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriverLoadTest {

  @Test
  void theDriversAcknowledgedBidsReachTheAuditWithTwoDecimalAmounts() {
    AcknowledgedBids bids = new AcknowledgedBids();
    bids.acknowledged(41, 1200, 9, 2_105, "ACCEPTED_HIGH");
    bids.acknowledged(42, 1201, -1, 5, "OUTBID");
    IntervalStats none = IntervalStats.empty(0, 0);
    TargetResult target =
        new TargetResult(
            "instance-0",
            List.of(),
            none,
            none,
            new QosVerdict(true, List.of(), List.of()),
            null,
            null,
            true,
            true,
            bids);

    assertThat(DriverLoad.acknowledgedBids(target))
        .containsExactly(
            new AcknowledgedBid(41, 1200, 9, new BigDecimal("21.05"), "ACCEPTED_HIGH"),
            new AcknowledgedBid(42, 1201, -1, new BigDecimal("0.05"), "OUTBID"));
  }
}
