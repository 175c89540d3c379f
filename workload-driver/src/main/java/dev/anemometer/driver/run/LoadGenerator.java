package dev.anemometer.driver.run;

import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.List;
import java.util.Map;

/**
 * What a {@link DriverRun} drives: the simulated users of this process, or of several worker nodes
 * behind the control API.
 */
public interface LoadGenerator extends AutoCloseable {

  /** Creates each target's users, all idle. */
  void start(List<TargetSpec> targets);

  void setActiveUsers(String targetId, int users);

  /**
   * Per target, everything measured since the previous call (merged exactly across nodes), with the
   * driver's health. Time spans are on the generator's clock; the run re-times them.
   */
  Map<String, IntervalStats> takeIntervals();

  /**
   * Per target, every bid the app acknowledged to the users (merged across nodes). Called after
   * {@link #close()}, so that the bids of the last operations are in. Generators that run no real
   * users may answer no targets.
   */
  default Map<String, AcknowledgedBids> acknowledgedBids() {
    return Map.of();
  }

  /** Stops every user; the generator cannot be started again. */
  @Override
  void close();
}
