package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.RepoFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compose target on a real container engine: images built from the Debian base, the quickstart
 * run through the published nginx port, the bid audit on the driver's acknowledged bids through the
 * published PostgreSQL port, the containers' logs in the results, and nothing of the project left
 * afterwards. Skipped, saying why, only where Compose or an engine is missing.
 */
class ComposeEngineIT {

  private static final Path PROJECT = RepoFiles.root();
  private static final String NAME = "compose-engine-it";

  @TempDir Path results;

  @BeforeAll
  static void requireAnEngine() {
    Engines.assumeAnEngine("ComposeEngineIT");
    try {
      ComposeCommand.detect(PROJECT);
    } catch (TierStartException e) {
      Engines.skipIf(true, "ComposeEngineIT", e::getMessage);
    }
    System.setProperty("anemometer.root", PROJECT.toString());
  }

  @Test
  void quickstartRunsOnTheEngineAuditsAcknowledgedBidsAndLeavesNothingBehind() throws Exception {
    int exit =
        AnemometerCli.execute(
            "run",
            "--target",
            "compose",
            "--preset",
            "quickstart",
            "--set",
            "name=" + NAME,
            "--results",
            results.toString());

    Path run = onlyRunFolder();
    String summary = Files.readString(run.resolve("summary.json"));
    assertThat(exit).as(summary).isZero();
    assertThat(summary)
        .contains("\"outcome\" : \"PASSED\"")
        .contains("\"violationCount\" : 0")
        .containsPattern("\"acknowledgedBidsChecked\" : [1-9]");
    assertThat(Files.readString(run.resolve("logs/anemometer-" + NAME + "-0-containers.log")))
        .as("every container's log (Compose v1 names them postgres_1, v2 postgres-1)")
        .containsPattern("postgres[-_]1")
        .containsPattern("data-load[-_]1")
        .containsPattern("app[-_]1")
        .containsPattern("haproxy[-_]1")
        .containsPattern("nginx[-_]1");
    String project = "anemometer-" + NAME + "-0";
    assertThat(named(project, "ps", "-a", "--format", "{{.Names}}")).as("containers").isEmpty();
    assertThat(named(project, "network", "ls", "--format", "{{.Name}}")).as("networks").isEmpty();
    assertThat(named(project, "volume", "ls", "--format", "{{.Name}}")).as("volumes").isEmpty();
  }

  /** The names {@code docker <list command>} prints that belong to the project. */
  private static List<String> named(String project, String... listCommand) throws Exception {
    List<String> line = new ArrayList<>(List.of("docker"));
    line.addAll(List.of(listCommand));
    RepoFiles.Result result = RepoFiles.run(line, PROJECT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output().lines().filter(name -> name.contains(project)).toList();
  }

  private Path onlyRunFolder() throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }
}
