package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.nio.file.Path;
import java.util.List;

/** {@code deploy} / {@code teardown} with Docker Compose: what the CLI calls for target compose. */
public final class ComposeTarget {

  private ComposeTarget() {}

  /** Generates and starts the projects under {@code deploymentDir}; returns the entry URLs. */
  public static List<String> deploy(
      AnemometerConfig config, TuningCalculator tuning, Path deploymentDir, Path repositoryRoot) {
    ComposeDeployment deployment =
        ComposeDeployment.prepare(config, tuning, deploymentDir, repositoryRoot, config.name());
    deployment.up();
    return deployment.projects().stream().map(ComposeDeployment.Project::entryUrl).toList();
  }
}
