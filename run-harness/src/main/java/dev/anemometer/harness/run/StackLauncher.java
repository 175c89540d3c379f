package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.results.ResultsDirectory;

/** Brings up the tiers of a run, ready to serve, with rendered configs and logs in the results. */
@FunctionalInterface
public interface StackLauncher {

  DeployedStack start(AnemometerConfig config, ResultsDirectory results);

  /** What the target cannot do with this config, as a bad configuration, before anything starts. */
  default void check(AnemometerConfig config) {}
}
