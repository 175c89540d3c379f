package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.compose.ComposeStack;
import dev.anemometer.harness.deploy.kubernetes.KubernetesStack;
import dev.anemometer.harness.deploy.local.CorePlacement;
import dev.anemometer.harness.deploy.local.LocalDeployment;
import dev.anemometer.harness.deploy.local.WorkerProcesses;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.drive.DriverLoad;
import dev.anemometer.harness.drive.LoadDriver;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.util.OptionalLong;

/** Starts a run's tiers on the target its config names. */
final class TargetStacks implements StackLauncher {

  private final Harness harness;
  private final TargetOptions options;

  TargetStacks(Harness harness, TargetOptions options) {
    this.harness = harness;
    this.options = options;
  }

  /** The harness's driver, which starts worker JVMs on this host for {@code driver.workers: N}. */
  static LoadDriver driver() {
    return new DriverLoad(WorkerProcesses::start);
  }

  @Override
  public void check(AnemometerConfig config) {
    switch (config.target()) {
      case COMPOSE -> ComposeStack.requireWebTier(config);
      case KUBERNETES -> {
        // every strategy runs there; what a cluster lacks shows when the stack starts
      }
      case LOCAL -> CorePlacement.of(config); // taskset missing: a config error, before cleanup
    }
  }

  @Override
  public OptionalLong driverOpenFilesLimit(AnemometerConfig config) {
    return switch (config.target()) {
      case KUBERNETES -> OptionalLong.empty(); // the driver runs in the cluster's worker pods
      case LOCAL, COMPOSE -> StackLauncher.super.driverOpenFilesLimit(config);
    };
  }

  @Override
  public DeployedStack start(AnemometerConfig config, ResultsDirectory results) {
    return switch (config.target()) {
      case LOCAL ->
          LocalDeployment.start(
              config,
              harness.paths(),
              new LocalDeployment.Output(results.tuningDir(), results.logsDir()),
              harness.tuning(),
              harness.dataPreparer(),
              harness.console());
      case COMPOSE ->
          ComposeStack.start(
              config,
              containerTuning(),
              results.dir(),
              harness.paths().projectRoot(),
              options.readyTimeout(),
              harness.console());
      case KUBERNETES ->
          KubernetesStack.start(
              config,
              containerTuning(),
              results.dir(),
              new KubernetesStack.Options(
                  options.cluster().kubeconfig,
                  options.cluster().context,
                  options.readyTimeout(),
                  options.keep()),
              harness.console());
    };
  }

  /** Containers get the reference node's memory, as in the committed files, not this host's. */
  private static TuningCalculator containerTuning() {
    return new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);
  }
}
