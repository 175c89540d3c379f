package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.Target;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.compose.ComposeTarget;
import dev.anemometer.harness.deploy.kubernetes.ClusterOptions;
import dev.anemometer.harness.deploy.kubernetes.KubernetesTarget;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.util.List;

/** {@code deploy} for the compose and kubernetes targets: the CLI's one hook into them. */
public final class OtherTargets {

  private OtherTargets() {}

  public static int deploy(AnemometerConfig config, ClusterOptions cluster, Console console) {
    Harness harness = Harness.create(console);
    // Containers get the reference node's memory, as in the committed files, not this host's.
    TuningCalculator tuning = new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);
    List<String> urls =
        config.target() == Target.COMPOSE
            ? ComposeTarget.deploy(
                config,
                tuning,
                harness.paths().deploymentState().resolveSibling("deployment"),
                harness.paths().projectRoot())
            : KubernetesTarget.deploy(config, cluster, tuning, console);
    for (int i = 0; i < urls.size(); i++) {
      console.info("instance-" + i + ": " + urls.get(i));
    }
    console.phase(
        "deployed with target "
            + config.target().configName()
            + (config.target() == Target.KUBERNETES
                ? "; remove with: kubectl delete namespace -l anemometer.dev/run"
                : "; remove with: docker compose -p PROJECT down -v (projects under deployment/compose)"));
    return 0;
  }
}
