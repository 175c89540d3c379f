package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.stats.OperationRecorder;

/** Simulated users walking a behaviour against one target. */
public final class SimulatedUsers implements UserPopulation {

  private SimulatedUsers() {}

  /** Creates the users, all idle; {@link #setActiveUsers(int)} starts them. */
  public static SimulatedUsers start(
      UsersConfig config, HttpClient client, OperationRecorder recorder, TimeSource time) {
    throw new UnsupportedOperationException("not built yet");
  }

  @Override
  public void setActiveUsers(int users) {
    throw new UnsupportedOperationException("not built yet");
  }

  @Override
  public int activeUsers() {
    return 0;
  }

  @Override
  public void close() {}
}
