package dev.anemometer.harness.deploygen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.tuning.TuningCalculator;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Compose files are valid Compose, as docker-compose (offline, no engine) reads them. */
class ComposeFilesTest {

  @TempDir Path temp;

  @Test
  void committedComposeFileIsValid() throws Exception {
    Path root = RepoFiles.root();
    RepoFiles.Result result =
        RepoFiles.run(List.of("docker-compose", "-f", "docker/compose.yaml", "config", "-q"), root);
    assertThat(result.exitCode()).as(result.output()).isZero();
  }

  @Test
  void composeFileOfEveryPresetIsValidAndScalesTheAppTier() throws Exception {
    TuningCalculator calculator = new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);
    for (String preset : List.of("quickstart", "local", "micro", "xsmall", "small")) {
      Path dir = temp.resolve(preset);
      StackModel model = DeployFiles.model(preset, calculator);
      DeployFiles.write(ComposeFiles.render(model, DeployFiles.staticFiles()), dir);
      RepoFiles.Result result =
          RepoFiles.run(List.of("docker-compose", "-f", "compose.yaml", "config"), dir);
      assertThat(result.exitCode()).as(preset + ": " + result.output()).isZero();
      assertThat(result.output())
          .as(preset)
          .contains("replicas: " + model.appReplicas())
          .contains("MAX_USERS: '" + model.maxUsers() + "'");
    }
  }

  @Test
  void renderedHaproxyConfigurationIsAcceptedByHaproxy() throws Exception {
    Path root = RepoFiles.root();
    RepoFiles.Result result =
        RepoFiles.run(List.of("haproxy", "-c", "-f", "docker/config/haproxy.cfg"), root);
    assertThat(result.exitCode()).as(result.output()).isZero();
  }
}
