package dev.anemometer.harness.run;

import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.elasticity.ElasticityRunner;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.results.EventLog;
import dev.anemometer.harness.target.local.LocalDeployment;
import dev.anemometer.harness.target.local.LocalTiers;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Connects the elasticity runner to the tiers of a local deployment. */
final class ElasticityRuns {

  private ElasticityRuns() {}

  static ElasticityRunner runner(
      AnemometerConfig config, LocalDeployment deployment, EventLog events) {
    Map<Integer, ScalableTier> tiers = new HashMap<>();
    Map<Integer, FaultTarget> faults = new HashMap<>();
    List<LocalTiers> local = deployment.tiers();
    for (int i = 0; i < local.size(); i++) {
      tiers.put(i, local.get(i).appTier());
      faults.put(i, local.get(i));
    }
    return new ElasticityRunner(
        config,
        tiers,
        faults,
        events,
        QosSpec.weathervaneDefaults().withPercentile(config.qos().percentile()));
  }
}
