package dev.anemometer.driver.run;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.SimulatedUsers;
import dev.anemometer.driver.behavior.UserPopulation;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.stats.OperationRecorder;

/** Creates one target's users; production uses {@link SimulatedUsers}, tests a fake. */
@FunctionalInterface
public interface PopulationFactory {

  PopulationFactory SIMULATED_USERS = SimulatedUsers::start;

  /**
   * @param acknowledgedBids where the target's users report every bid the app acknowledged
   */
  UserPopulation create(
      UsersConfig config,
      HttpClient client,
      OperationRecorder recorder,
      AcknowledgedBidSink acknowledgedBids,
      TimeSource time);
}
