package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;

/**
 * One deployment of the auction application with its own data, topology and load.
 *
 * @param loadPath users over time for the {@code interval} strategy
 */
public record AppInstanceSpec(
    @ConfigDefault("`300`")
        @JsonPropertyDescription(
            "data size: 5 × maxUsers accounts, maxUsers / 15 live auctions (SPEC §2.4)")
        @Min(1)
        Integer maxUsers,
    @ConfigDefault("`100`")
        @JsonPropertyDescription(
            "users of the `fixed` strategy; must be ≤ maxUsers. The expected mix "
                + "holds up to 0.8 × maxUsers (users join round(users / 13) of the "
                + "maxUsers / 15 live auctions, see [behaviors](behaviors.md))")
        Integer users,
    IntervalLoadPathSpec loadPath,
    @Valid TiersSpec tiers,
    @Valid TuningSpec tuning) {

  public AppInstanceSpec {
    maxUsers = maxUsers == null ? 300 : maxUsers;
    users = users == null ? 100 : users;
    tiers = tiers == null ? TiersSpec.DEFAULTS : tiers;
  }

  /** The largest number of users the run asks for: what tiers are sized for. */
  public int peakUsers(Strategy strategy, FindMaxSpec findMax) {
    return switch (strategy) {
      case FIXED -> users;
      case FIND_MAX -> findMax.ceilingFor(maxUsers);
      case INTERVAL -> loadPath == null ? users : Math.max(1, loadPath.mostUsers());
    };
  }
}
