package dev.anemometer.harness.elasticity;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.Histograms;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Synthetic interval stats: N operations at one latency, some failed. */
final class Samples {

  static final QosSpec QOS = QosSpec.weathervaneDefaults();

  private Samples() {}

  static StatusReport report(long endMillis, int users, long latencyMillis, long failures) {
    Histogram latency = Histograms.empty();
    latency.recordValueWithCount(latencyMillis * 1_000, 100);
    OperationStats stats =
        new OperationStats(
            latency,
            Histograms.copyOf(latency),
            failures == 0 ? Map.of() : Map.of("connection-refused", failures));
    IntervalStats interval =
        new IntervalStats(
            (endMillis - 2_000) * 1_000_000L,
            endMillis * 1_000_000L,
            Map.of(OperationType.GET_ACTIVE_AUCTIONS, stats),
            DriverHealth.NONE);
    return new StatusReport("instance-0", endMillis, users, LoadPhase.QOS, 0, interval, null);
  }

  static IntervalSample sample(long endMillis, int users, long latencyMillis, long failures) {
    return IntervalSample.of(report(endMillis, users, latencyMillis, failures), QOS);
  }
}
