package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.OpenFilesLimit;
import dev.anemometer.harness.results.ResultsDirectory;
import java.util.OptionalLong;

/** Brings up the tiers of a run, ready to serve, with rendered configs and logs in the results. */
@FunctionalInterface
public interface StackLauncher {

  DeployedStack start(AnemometerConfig config, ResultsDirectory results);

  /** What the target cannot do with this config, as a bad configuration, before anything starts. */
  default void check(AnemometerConfig config) {}

  /**
   * The open-file limit the driver's processes run with where this target leaves them on this host
   * (each of a user's connections is a descriptor): the harness's own, which the workers it starts
   * inherit. Empty where the target runs the driver elsewhere (a cluster's worker pods) or the
   * limit is unknown.
   */
  default OptionalLong driverOpenFilesLimit(AnemometerConfig config) {
    long limit = OpenFilesLimit.ofThisProcess();
    return limit > 0 && limit != Long.MAX_VALUE ? OptionalLong.of(limit) : OptionalLong.empty();
  }
}
