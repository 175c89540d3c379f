package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.local.LocalDeployment;
import dev.anemometer.harness.deploy.local.LocalDeploymentState;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code deploy}: the tiers up with data loaded and reset, left running; entry URLs and JDBC URLs
 * in {@code deployment.json} so that anyone can point their own tools at the stack.
 */
public final class DeployProcedure {

  private final Harness harness;

  public DeployProcedure(Harness harness) {
    this.harness = harness;
  }

  public List<DeployedInstance> deploy(AnemometerConfig config) {
    Harness.requireLocal(config);
    Path stateFile = harness.paths().deploymentState();
    if (Files.exists(stateFile)) {
      throw new ConfigException(
          "a deployment is already running (" + stateFile + "); run './anemometer teardown' first");
    }
    Path outputDir = stateFile.resolveSibling("deployment");
    LocalDeployment.Output output =
        new LocalDeployment.Output(outputDir.resolve("tuning"), outputDir.resolve("logs"));
    writeText(outputDir.resolve("config.yaml"), ConfigLoader.toYaml(config));
    harness.console().phase("deploy: database, data, app servers, load balancer, web");
    LocalDeployment deployment =
        LocalDeployment.start(
            config,
            harness.paths(),
            output,
            harness.tuning(),
            harness.dataPreparer(),
            harness.console());
    LocalDeploymentState state = LocalDeploymentState.of(deployment, outputDir);
    state.write(stateFile);
    writeText(
        Teardown.DEPLOYMENT_JSON,
        Json.pretty().writeValueAsString(Map.of("instances", state.instances())) + "\n");
    deployment.detach();
    return deployment.instances();
  }

  private static void writeText(Path file, String text) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      Files.createDirectories(parent);
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
