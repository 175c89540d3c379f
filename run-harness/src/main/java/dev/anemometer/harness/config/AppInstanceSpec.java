package dev.anemometer.harness.config;

import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;

/**
 * One deployment of the auction application with its own data, topology and load.
 *
 * @param maxUsers size of the loaded data (5 × maxUsers accounts)
 * @param users simulated users of the {@code fixed} strategy
 * @param loadPath users over time for the {@code interval} strategy
 */
public record AppInstanceSpec(
    int maxUsers, int users, IntervalLoadPathSpec loadPath, TiersSpec tiers, TuningSpec tuning) {

  /** The largest number of users the run asks for: what tiers are sized for. */
  public int peakUsers(Strategy strategy, FindMaxSpec findMax) {
    return switch (strategy) {
      case FIXED -> users;
      case FIND_MAX -> findMax.ceilingFor(maxUsers);
      case INTERVAL -> loadPath == null ? users : Math.max(1, loadPath.mostUsers());
    };
  }
}
