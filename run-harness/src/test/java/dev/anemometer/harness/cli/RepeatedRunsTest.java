package dev.anemometer.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.run.repeat.FakeRuns;
import dev.anemometer.harness.run.repeat.RepeatSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class RepeatedRunsTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
  private final Clock clock = Clock.fixed(Instant.parse("2026-11-25T07:59:00Z"), ZoneOffset.UTC);

  @TempDir Path results;

  @Test
  void aSetThatReachesItsCvWritesRepeatsJsonInAFolderNamedLikeItsRuns() throws Exception {
    AnemometerConfig config = config("findMax.precision=10");

    int exit =
        new RepeatedRuns(console, clock)
            .run(
                config,
                RepeatSpec.untilCv(3, 3, 6),
                results,
                FakeRuns.findMax(results, 4500.0, 4000.0, 4020.0, 4040.0));

    assertThat(exit).isZero();
    Path set = results.resolve("20261125-075900-" + config.name() + "-repeats");
    JsonNode record = Json.pretty().readTree(Files.readString(set.resolve("repeats.json")));
    assertThat(record.path("runs")).hasSize(4);
    assertThat(record.path("runs").get(0).path("directory").asString())
        .isEqualTo("20261125-080001-t");
    assertThat(record.path("statistics").path("mean").asDouble()).isEqualTo(4140.0);
    assertThat(record.path("stopRule").path("reason").asString())
        .startsWith("CV reached after 4 runs");
    assertThat(record.path("disagree").asBoolean()).isTrue();
    assertThat(set.resolve("report.html")).isRegularFile();
    assertThat(results.resolve("20261125-080001-t").resolve("report.html")).isRegularFile();
    String out = output();
    assertThat(out)
        .contains("repeat 1 of at most 6 (until CV < 3 % over the last 3 runs, at most 6)")
        .contains(
            "repeats: peak users mean 4140.0 ± 382.8 (95 % CI 3757.2–4522.8), min 4000, max 4500,"
                + " spread 500 (12.1 % of the mean)")
        .contains("repeats stopped: CV reached after 4 runs")
        .contains("! repeats disagree: spread 12.1 % > precision 10.0 %")
        .contains("repeat set: " + set.resolve("repeats.json"));
  }

  @Test
  void aSetUntilItsConfidenceIntervalIsNarrowEnoughStopsThereAndEndsResultsCsvWithItsMean()
      throws Exception {
    AnemometerConfig config = config("findMax.precision=10");

    new RepeatedRuns(console, clock)
        .run(
            config,
            RepeatSpec.untilCi(2, 6),
            results,
            FakeRuns.findMax(results, 4000.0, 4100.0, 4050.0, 4060.0));

    String setName = "20261125-075900-" + config.name() + "-repeats";
    JsonNode record =
        Json.pretty().readTree(Files.readString(results.resolve(setName).resolve("repeats.json")));
    assertThat(record.path("runs")).hasSize(4);
    assertThat(record.path("stopRule").path("untilCiPercent").asDouble()).isEqualTo(2.0);
    assertThat(record.path("stopRule").path("maxRepeats").asInt()).isEqualTo(6);
    assertThat(record.path("stopRule").path("ciReached").asBoolean()).isTrue();
    assertThat(record.path("stopRule").has("window")).isFalse();
    assertThat(record.path("statistics").path("confidenceInterval").path("halfWidth").asDouble())
        .isCloseTo(65.4, org.assertj.core.api.Assertions.within(0.05));
    assertThat(output())
        .contains("repeat 1 of at most 6 (until the 95 % CI is within ±2 % of the mean, at most 6)")
        .contains("repeats stopped: CI reached after 4 runs: ±1.6 % of the mean ≤ ±2 %");
    List<String> csv = Files.readAllLines(results.resolve("results.csv"));
    assertThat(csv.get(csv.size() - 1))
        .isEqualTo(
            "2026-11-25T07:59:00Z,"
                + config.name()
                + ",local,local,findMax,PASSED,0,,2400,"
                + setName
                + ",,,4,4052.5,65.4,3987.1,4117.9");
  }

  @Test
  void aSetWhoseMachineSlowedBetweenItsRunsSaysThatTheSpreadIncludesTheMachines() throws Exception {
    // A repeat set whose loopback reference fell from 0.99 to 0.71 between the runs, and the peaks
    // with it.
    FakeRuns runs =
        FakeRuns.findMax(results, 2937.0, 2447.0, 2252.0)
            .onAMachineWithLoopbackScores(0.99, 0.77, 0.71);

    AnemometerConfig config = config("findMax.precision=2.5");

    new RepeatedRuns(console, clock).run(config, RepeatSpec.times(3), results, runs);

    Path set = results.resolve("20261125-075900-" + config.name() + "-repeats");
    JsonNode record = Json.pretty().readTree(Files.readString(set.resolve("repeats.json")));
    assertThat(record.path("runs").get(1).path("loopbackScore").asDouble()).isEqualTo(0.77);
    assertThat(record.path("machine").path("moved").asBoolean()).isTrue();
    assertThat(record.path("machine").path("loopback").path("spreadPercent").asDouble())
        .isCloseTo(34.0, org.assertj.core.api.Assertions.within(0.05));
    assertThat(output())
        .containsPattern("20261125-080002-t +2447 +0.97 +0.77")
        .contains(
            "! the machine's own speed moved between the runs: CPU reference 0.97–0.97 (0.0 %),"
                + " loopback 0.71–0.99 (34.0 %), beyond the precision of 2.5 %");
  }

  @Test
  void aSetOnAMachineThatHeldStillSaysSoQuietly() throws Exception {
    FakeRuns runs =
        FakeRuns.findMax(results, 2937.0, 2950.0).onAMachineWithLoopbackScores(0.98, 0.99);

    new RepeatedRuns(console, clock)
        .run(config("findMax.precision=2.5"), RepeatSpec.times(2), results, runs);

    assertThat(output())
        .contains("machine between the runs: CPU reference 0.97–0.97 (0.0 %), loopback 0.98–0.99")
        .doesNotContain("own speed moved");
  }

  @Test
  void aSetThatNeverSettlesStopsAtMaxRepeatsAndSaysWithWhichCv() throws Exception {
    FakeRuns runs = FakeRuns.findMax(results, 4500.0, 4250.0, 3875.0, 4500.0);

    new RepeatedRuns(console, clock)
        .run(config("findMax.precision=2.5"), RepeatSpec.untilCv(2, 3, 4), results, runs);

    assertThat(runs.made()).isEqualTo(4);
    assertThat(output())
        .contains("repeats stopped: max repeats reached (4 runs) with CV")
        .contains("(target < 2 %)");
  }

  @Test
  void repeatsThatAgreeWithinThePrecisionSaySoQuietly() throws Exception {
    new RepeatedRuns(console, clock)
        .run(
            config("findMax.precision=2.5"),
            RepeatSpec.times(2),
            results,
            FakeRuns.findMax(results, 4000.0, 4040.0));

    assertThat(output())
        .contains("repeats agree: spread 1.0 % ≤ precision 2.5 %")
        .doesNotContain("disagree");
  }

  @Test
  void aSingleRunWritesNoRepeatSet() throws Exception {
    new RepeatedRuns(console, clock)
        .run(config(), RepeatSpec.times(1), results, FakeRuns.findMax(results, 4000.0));

    try (var folders = Files.list(results)) {
      assertThat(folders.map(p -> p.getFileName().toString())).containsExactly("20261125-080001-t");
    }
  }

  private static AnemometerConfig config(String... sets) {
    List<String> assignments = new java.util.ArrayList<>(List.of("strategy=findMax"));
    assignments.addAll(List.of(sets));
    return new ConfigLoader().load(null, null, assignments);
  }

  private String output() {
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
