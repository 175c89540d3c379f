package dev.anemometer.driver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.run.PopulationFactory;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverCommandLineTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @TempDir Path directory;

  private int execute(PopulationFactory populations, String... args) {
    HealthSource healthy = () -> DriverHealth.NONE;
    var environment =
        new Environment(
            FakeHttpClient::new,
            populations,
            client -> healthy,
            TimeSource.SYSTEM,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            false);
    return DriverCommandLine.execute(environment, args);
  }

  private int execute(String... args) {
    return execute(
        (config, client, recorder, bids, time) -> new RecordingPopulation(config, recorder), args);
  }

  private String errText() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void helpListsTheCommandsAndExitsZero() {
    assertThat(execute("--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("run", "worker", "controller");
    assertThat(execute("run", "--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("--target", "--find-max", "Exit codes");
  }

  @Test
  void badInputIsOneLineNamingTheOptionAndExitsTwo() {
    assertThat(execute("run", "--users", "5")).isEqualTo(2);
    assertThat(errText().strip())
        .startsWith("--target:")
        .doesNotContain("\n")
        .doesNotContain("Exception");

    err.reset();
    assertThat(
            execute(
                "run", "--target", "http://127.0.0.1:1", "--users", "5", "--duration", "5 parsecs"))
        .isEqualTo(2);
    assertThat(errText().strip()).startsWith("--duration: expected a duration");

    err.reset();
    assertThat(execute("run", "--users", "many")).isEqualTo(2);
    assertThat(errText()).contains("--users");
  }

  @Test
  void aConfigErrorNamesItsPath() throws Exception {
    Path config = directory.resolve("run.yaml");
    Files.writeString(
        config,
        """
        targets:
          - url: http://127.0.0.1:1
            loadPath:
              type: interval
              segments:
                - {type: uniform, users: 10, duration: 10s}
                - {type: ramp, from: 1, to: 9, duration: 10s, step: 20s}
        """);

    assertThat(execute("run", "--config", config.toString())).isEqualTo(2);
    assertThat(errText().strip())
        .isEqualTo(
            config
                + ": targets[0].loadPath.segments[1].step: must not exceed duration 10s, was 20s");
  }

  @Test
  void theControlApiRefusesToListenBeyondLoopbackWithoutAToken() {
    assertThat(execute("worker", "--port", "0", "--bind", "0.0.0.0")).isEqualTo(2);
    assertThat(errText().strip()).startsWith("--token: required");
  }

  @Test
  void aControlApiWithoutAGivenTokenPrintsTheTokenItMadeUpOnOneLine() {
    int exit =
        execute(
            "run",
            "--target",
            "http://127.0.0.1:1",
            "--users",
            "1",
            "--ramp-up",
            "0s",
            "--duration",
            "1s",
            "--ramp-down",
            "0s",
            "--status-interval",
            "1s",
            "--control-port",
            "0",
            "--token",
            "",
            "--out",
            directory.resolve("results").toString());

    assertThat(exit).isIn(0, 1);
    assertThat(out.toString(StandardCharsets.UTF_8).lines())
        .filteredOn(line -> line.startsWith("control API token (made up, none given): "))
        .singleElement()
        .satisfies(line -> assertThat(line).matches(".*: [A-Za-z0-9_-]{32}"));
  }

  @Test
  void aShortRunWritesResultsAndExitsOneWhenQosFails() {
    Path results = directory.resolve("results");
    PopulationFactory slowUsers =
        (config, client, recorder, bids, time) ->
            new RecordingPopulation(config, recorder) {
              @Override
              public synchronized void setActiveUsers(int users) {
                super.setActiveUsers(users);
                // every change of users completes one very slow login
                record(OperationType.LOGIN, time.nanoTime(), 9_000_000, null);
              }
            };

    int exit =
        execute(
            slowUsers,
            "run",
            "--target",
            "http://127.0.0.1:1",
            "--users",
            "3",
            "--ramp-up",
            "0s",
            "--duration",
            "2s",
            "--ramp-down",
            "1s",
            "--behavior",
            "custom.yaml",
            "--status-interval",
            "1s",
            "--out",
            results.toString());

    assertThat(exit).isEqualTo(1);
    assertThat(results.resolve("summary.json")).exists();
    assertThat(results.resolve("histograms-app0.hlog")).exists();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("run driver-run: FAIL");
  }

  @Test
  void usersLogInFromAccountOneByDefaultBecauseAccountsAreOneBased() {
    java.util.List<Integer> firstAccounts = new java.util.concurrent.CopyOnWriteArrayList<>();
    PopulationFactory capturing =
        (config, client, recorder, bids, time) -> {
          firstAccounts.add(config.firstAccount());
          return new RecordingPopulation(config, recorder);
        };

    execute(
        capturing,
        "run",
        "--target",
        "http://127.0.0.1:1",
        "--users",
        "1",
        "--ramp-up",
        "0s",
        "--duration",
        "1s",
        "--ramp-down",
        "0s",
        "--behavior",
        "custom.yaml",
        "--status-interval",
        "1s",
        "--out",
        directory.resolve("results").toString());

    assertThat(firstAccounts).containsOnly(1);
  }
}
