package dev.anemometer.harness.run;

import dev.anemometer.harness.target.local.TierStartException;

/**
 * The load phase until the workload driver's library API ({@code DriverRun}) is part of the build:
 * says so plainly instead of inventing numbers.
 */
final class DriverNotAvailable implements LoadDriver {

  @Override
  public LoadOutcome drive(LoadPlan plan) {
    throw new TierStartException(
        "the workload driver's library API is not in this build yet; the tiers came up and were"
            + " checked, but no load was driven (use 'deploy' to point your own tools at them)");
  }
}
