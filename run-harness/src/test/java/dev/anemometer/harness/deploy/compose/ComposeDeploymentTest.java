package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without a Docker engine (as on this build machine) the compose target stops at once, clearly. */
class ComposeDeploymentTest {

  @TempDir Path temp;

  @Test
  void withoutADockerEngineTheTargetFailsWithOneClearLineBeforeWritingAnything() {
    Engines.assumeNoEngine(
        "withoutADockerEngineTheTargetFails", "the no-engine path of this environment cannot run");
    var config = new ConfigLoader().load(null, "local", List.of("target=compose"));
    Path results = temp.resolve("results");

    assertThatThrownBy(
            () ->
                ComposeDeployment.prepare(
                    config,
                    new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES),
                    results,
                    temp,
                    "two servers"))
        .isInstanceOf(TierStartException.class)
        .hasMessageStartingWith("target compose: ")
        .hasMessageContaining("use --set target=local")
        .hasMessageContaining(
            ComposeCommand.succeeds(List.of("docker-compose", "version"), temp)
                ? "no Docker engine answers at "
                : "is installed");
    assertThat(results.resolve("compose")).doesNotExist();
  }

  @Test
  void deployCommandExitsWithTheInfrastructureCode() {
    Engines.assumeNoEngine(
        "deployCommandExitsWithTheInfrastructureCode", "deploy would really start containers");
    assertThat(AnemometerCli.execute("deploy", "--preset", "local", "--set", "target=compose"))
        .isEqualTo(ExitCodes.INFRASTRUCTURE);
  }

  @Test
  void runWithTargetComposeExitsWithTheInfrastructureCodeAndSaysWhy() throws Exception {
    Engines.assumeNoEngine(
        "runWithTargetComposeExitsWithTheInfrastructureCode", "run would really start containers");
    Path results = temp.resolve("results");

    assertThat(AnemometerCli.execute("run", "--target", "compose", "--results", results.toString()))
        .isEqualTo(ExitCodes.INFRASTRUCTURE);
    try (var runs = java.nio.file.Files.list(results)) {
      Path run = runs.filter(java.nio.file.Files::isDirectory).findFirst().orElseThrow();
      assertThat(java.nio.file.Files.readString(run.resolve("summary.json")))
          .contains("\"target\" : \"compose\"")
          .contains("target compose: ");
    }
  }

  /** The check says where it looked and, in the engine CLI's own words, what it found. */
  @Test
  void anEngineThatDoesNotAnswerStopsTheTargetWithTheReason() {
    Path socket = temp.resolve("docker.sock");
    EngineCli silent = DockerCli.with(java.util.Map.of("DOCKER_HOST", "unix://" + socket));
    DockerCliTest.assumeDockersCli("anEngineThatDoesNotAnswerStopsTheTargetWithTheReason");
    Assumptions.assumeTrue(
        ComposeCommand.succeeds(List.of("docker-compose", "version"), temp)
            || ComposeCommand.succeeds(List.of("docker", "compose", "version"), temp),
        "Compose is not installed: the engine is never asked");

    assertThatThrownBy(() -> ComposeCommand.detect(temp, silent))
        .isInstanceOf(TierStartException.class)
        .hasMessageStartingWith("target compose: no Docker engine answers at unix://" + socket)
        .hasMessageContaining("(Cannot connect to the Docker daemon at unix://" + socket)
        .hasMessageEndingWith("use --set target=local");
  }

  @Test
  void projectNamesAreValidComposeNamesPerInstance() {
    assertThat(ComposeDeployment.projectName("Two Servers, rising!", 1))
        .isEqualTo("anemometer-two-servers-rising-1");
  }
}
