package dev.anemometer.harness.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.support.ProjectJars;
import dev.anemometer.harness.support.TestProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The quickstart's whole path in under two minutes: the CLI deploys the preset's tiers (nginx and
 * HAProxy when installed, the app jar, PostgreSQL), loads the data, drives a short fixed load with
 * the real driver, audits the acknowledged bids and writes every result file, then stops every
 * tier. Its windows are too short for the verdict to mean anything on a shared machine, so it
 * asserts what the run wrote, not whether QoS was met; {@link EndToEndIT} (long) judges a run of
 * full length.
 */
class ShortRunIT {

  @TempDir Path results;

  @BeforeAll
  static void requireTheAppJar() {
    ProjectJars.assumeTheAppJarAndUseThisCheckout();
  }

  @Test
  void aShortQuickstartRunWritesItsResultsAndLosesNoAcknowledgedBid() throws Exception {
    int exit =
        AnemometerCli.execute(
            "run",
            "--results",
            results.toString(),
            "--set",
            "name=short",
            "--set",
            "qos={rampUp: 10s, warmUp: 30s, interval: 20s, qosPeriods: 1, rampDown: 2s}");

    Path run;
    try (Stream<Path> runs = Files.list(results)) {
      run = runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    JsonNode summary = Json.compact().readTree(run.resolve("summary.json").toFile());
    assertThat(exit).as("a verdict, not an error: %s", summary.path("message")).isIn(0, 1);
    JsonNode audit = summary.path("audit").path("instance-0");
    assertThat(audit.path("violationCount").asInt(-1)).as("bid audit").isZero();
    assertThat(audit.path("acknowledgedBidsChecked").asInt())
        .as("bids acknowledged over a minute of 100 users")
        .isPositive();
    assertThat(Files.readString(run.resolve("events.jsonl")))
        .contains("\"name\":\"deploy\"", "\"name\":\"load\"", "\"name\":\"audit\"")
        .contains("\"type\":\"window\"");
    assertThat(run.resolve("config.yaml")).exists();
    assertThat(run.resolve("report.html")).exists();
    assertThat(run.resolve("driver/summary.json")).exists();
    assertThat(run.resolve("driver/acknowledged-bids.csv")).exists();
    assertThat(results.resolve("results.csv")).exists();
    TestProcesses.awaitNoLeftovers();
  }
}
