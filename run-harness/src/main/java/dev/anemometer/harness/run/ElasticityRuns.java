package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.elasticity.ElasticityRunner;
import dev.anemometer.harness.json.EventLog;

/** Connects the elasticity runner to the tiers of a deployed stack, whatever its target. */
final class ElasticityRuns {

  private ElasticityRuns() {}

  static ElasticityRunner runner(AnemometerConfig config, DeployedStack stack, EventLog events) {
    return new ElasticityRunner(
        config, stack.scalableTiers(), stack.faultTargets(), events, config.qos().rules());
  }
}
