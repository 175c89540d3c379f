package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.drive.LoadOutcome;
import dev.anemometer.harness.results.RunSummary;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunSummariesTest {

  private static final Instant STARTED = Instant.parse("2026-11-25T08:00:00Z");

  @Test
  void ctrlCDecidesTheVerdictEvenWhenTheLoadSaidItFailed() {
    assertThat(RunSummaries.verdict(ExitCodes.QOS_FAILED, true)).isEqualTo("INTERRUPTED");
    assertThat(RunSummaries.verdict(ExitCodes.QOS_FAILED, false)).isEqualTo("FAILED");
    assertThat(RunSummaries.verdict(ExitCodes.PASSED, false)).isEqualTo("PASSED");
    assertThat(RunSummaries.verdict(3, false)).isEqualTo("ERROR");
  }

  @Test
  void aFindMaxInstanceCarriesTheBracketTheDriverReportedForItsTarget() {
    Map<String, Object> bracket = new HashMap<>();
    bracket.put("highestPass", 1790);
    bracket.put("lowestFail", 1850);

    RunSummary summary = summarize(Map.of("id", "instance-0", "bracket", bracket));

    assertThat(summary.instances().get(0).bracket()).isEqualTo(new Bracket(1790, 1850));
    assertThat(summary.bracket()).isEqualTo(new Bracket(1790, 1850));
  }

  @Test
  void aDriverSummaryWithoutABracketGivesNone() {
    RunSummary summary = summarize(Map.of("id", "instance-0", "peakUsers", 1790));

    assertThat(summary.instances().get(0).bracket()).isNull();
    assertThat(summary.bracket()).isNull();
  }

  @Test
  void theDatabaseUrlInTheSummaryHidesAPasswordWrittenIntoIt() {
    AnemometerConfig config = new ConfigLoader().load(null, null, List.of());
    RunOutcome outcome = new RunOutcome();
    outcome.instances =
        List.of(
            new DeployedInstance(
                0,
                List.of(URI.create("http://127.0.0.1:8080")),
                new DatabaseEndpoint("jdbc:postgresql://h/db?password=in-url", "bench", "apart"),
                List.of(),
                List.of()));

    RunSummary summary = RunSummaries.summarize(config, STARTED, STARTED, outcome);

    assertThat(summary.instances().get(0).jdbcUrl())
        .isEqualTo("jdbc:postgresql://h/db?password=********");
  }

  private static RunSummary summarize(Map<String, Object> driverTarget) {
    AnemometerConfig config = new ConfigLoader().load(null, null, List.of("strategy=findMax"));
    RunOutcome outcome = new RunOutcome();
    outcome.exitCode = ExitCodes.PASSED;
    outcome.load =
        new LoadOutcome(
            List.of(true),
            true,
            List.of(1790),
            List.of(List.of()),
            DriverFiles.summary(Map.of("valid", true, "targets", List.of(driverTarget))));
    return RunSummaries.summarize(config, STARTED, STARTED.plusSeconds(600), outcome);
  }
}
