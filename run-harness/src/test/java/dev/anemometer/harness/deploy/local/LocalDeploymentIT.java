package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.support.TestProcesses;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A deployment that fails midway stops what it had started: no process, no port left. */
class LocalDeploymentIT {

  @TempDir Path dir;

  @Test
  void aFailureAfterTheDatabaseStartedLeavesNothingRunning() throws Exception {
    // A project folder without the app jar: the database comes up, the app servers cannot.
    Path state = Path.of("target", "it-state").toAbsolutePath();
    LocalPaths paths = new LocalPaths(dir, state);
    AnemometerConfig config = new ConfigLoader().load(null, "quickstart", List.of());
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    List<Integer> databasePorts = new ArrayList<>();

    Throwable failure =
        catchThrowable(
            () ->
                LocalDeployment.start(
                    config,
                    paths,
                    new LocalDeployment.Output(dir.resolve("tuning"), dir.resolve("logs")),
                    new TuningCalculator(4L << 30),
                    (index, spec, database) -> {
                      databasePorts.add(portOf(database.jdbcUrl()));
                      assertThat(Ports.accepting(portOf(database.jdbcUrl()))).isTrue();
                    },
                    new Console(new PrintStream(console, true, StandardCharsets.UTF_8), false)));

    assertThat(failure).isInstanceOf(TierStartException.class).hasMessageContaining("app jar");
    assertThat(databasePorts).hasSize(1);
    assertThat(Ports.accepting(databasePorts.get(0))).isFalse();
    assertThat(TestProcesses.leftovers()).isEmpty();
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("instance-0-postgres (embedded) on port")
        .contains("start failed; stopping what was started");
    assertThat(Files.readString(dir.resolve("tuning/instance-0-postgres.conf")))
        .contains("shared_buffers = 256MB"); // 25 % of the 1 GB a 4 GB host gives PostgreSQL
  }

  private static int portOf(String jdbcUrl) {
    String hostPort = jdbcUrl.substring("jdbc:postgresql://".length(), jdbcUrl.lastIndexOf('/'));
    return Integer.parseInt(hostPort.substring(hostPort.indexOf(':') + 1));
  }
}
