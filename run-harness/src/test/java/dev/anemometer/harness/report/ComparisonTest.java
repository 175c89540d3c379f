package dev.anemometer.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {

  @TempDir Path temp;

  @Test
  void comparesTwoRecordedRunsAgainstTheFirst() {
    Path fixed = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Path findMax = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);

    Comparison comparison = Comparison.of(List.of(fixed, findMax));

    assertThat(comparison.labels()).containsExactly(RecordedRuns.FIXED, RecordedRuns.FIND_MAX);
    assertThat(row(comparison, "outcome").values()).containsExactly("PASSED", "PASSED");
    assertThat(row(comparison, "outcome").deltas())
        .containsExactly(new Comparison.Delta("", "same"));
    assertThat(row(comparison, "peak users").values()).containsExactly("300", "420");
    assertThat(row(comparison, "peak users").deltas())
        .containsExactly(new Comparison.Delta("+40.0 %", "better"));
    assertThat(row(comparison, "throughput (ops/s)").values()).containsExactly("271.2", "377.5");
    assertThat(row(comparison, "throughput (ops/s)").deltas().get(0).verdict()).isEqualTo("better");
    // Higher load, slower bids: a p99 that grew is worse.
    Comparison.Row placeBid = row(comparison, "p99 PlaceBid (ms)");
    assertThat(placeBid.deltas().get(0).verdict()).isEqualTo("worse");
    assertThat(placeBid.deltas().get(0).text()).startsWith("+");
    assertThat(row(comparison, "failed operations").values()).containsExactly("0", "4");
    assertThat(row(comparison, "failed operations").deltas())
        .containsExactly(new Comparison.Delta("from 0", "worse"));
    assertThat(row(comparison, "driver kept up").values()).containsExactly("yes", "yes");
    // Recorded before the platform block: the machine rows say nothing, and nothing is warned.
    assertThat(row(comparison, "machine").values()).containsExactly("–", "–");
    assertThat(comparison.warnings()).isEmpty();
    assertThat(comparison.rows()).hasSize(5 + 10 + 2);
  }

  @Test
  void findMaxRunsShowTheirBracketsBesideTheirPeaksAndARunWithoutOneADash() throws Exception {
    Path before = withBracket(RecordedRuns.copy(RecordedRuns.FIND_MAX, temp), "before", 1850);
    Path after = withBracket(RecordedRuns.copy(RecordedRuns.FIND_MAX, temp), "after", null);
    Path older = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);

    Comparison.Row bracket = row(Comparison.of(List.of(before, after, older)), BracketRow.METRIC);

    assertThat(bracket.values())
        .containsExactly("420 pass, 1850 fail", "420 pass, none failed", "–");
    assertThat(bracket.deltas()).extracting(Comparison.Delta::verdict).containsOnly("");
  }

  /** A copy of a recorded findMax run, renamed, whose summary has a bracket above its peak. */
  private Path withBracket(Path run, String name, Integer lowestFail) throws Exception {
    Path renamed = Files.move(run, temp.resolve(name));
    Path summary = renamed.resolve("summary.json");
    tools.jackson.databind.node.ObjectNode tree =
        (tools.jackson.databind.node.ObjectNode)
            dev.anemometer.harness.json.Json.pretty().readTree(Files.readString(summary));
    tree.putObject("bracket").put("highestPass", 420).put("lowestFail", lowestFail);
    Files.writeString(summary, tree.toString());
    return renamed;
  }

  @Test
  void machinesOfDifferentSpeedAreSaidToBeSoAndTheirCpuPerUserCompared() throws Exception {
    Path fast = withPlatform(RecordedRuns.copy(RecordedRuns.FIXED, temp), "fast", 1.00, 2000.0);
    Path slow = withPlatform(RecordedRuns.copy(RecordedRuns.FIXED, temp), "slow", 0.62, 3100.0);
    Path near = withPlatform(RecordedRuns.copy(RecordedRuns.FIXED, temp), "near", 0.97, 2000.0);

    Comparison comparison = Comparison.of(List.of(fast, slow, near));

    assertThat(row(comparison, "machine").values())
        .containsExactly(
            "2 cores AMD EPYC, 6.1.0", "2 cores AMD EPYC, 6.1.0", "2 cores AMD EPYC, 6.1.0");
    Comparison.Row speed = row(comparison, "reference speed (1.00 = reference machine)");
    assertThat(speed.values()).containsExactly("1.00", "0.62", "0.97");
    assertThat(speed.deltas()).extracting(Comparison.Delta::verdict).containsOnly("");
    assertThat(comparison.warnings())
        .containsExactly(
            "slow ran on a machine 38 % slower than fast's (reference speed 0.62 against 1.00):"
                + " its figures are not directly comparable");
    Comparison.Row app = row(comparison, "CPU µs/user-s app at the result");
    assertThat(app.values()).containsExactly("2,000", "3,100", "2,000");
    assertThat(app.deltas().get(0)).isEqualTo(new Comparison.Delta("+55.0 %", "worse"));
  }

  /** A copy of a recorded run, renamed, with a platform block and CPU at its result. */
  private Path withPlatform(Path run, String name, double speed, double appMicros)
      throws Exception {
    return PlatformBlocks.add(Files.move(run, temp.resolve(name)), "AMD EPYC", speed, appMicros);
  }

  @Test
  void changesWithinFivePercentAreTheSameAndLowerLatencyIsBetter() {
    assertThat(Comparison.delta(100.0, 104.0, true))
        .isEqualTo(new Comparison.Delta("+4.0 %", "same"));
    assertThat(Comparison.delta(100.0, 94.0, true))
        .isEqualTo(new Comparison.Delta("-6.0 %", "worse"));
    assertThat(Comparison.delta(100.0, 90.0, false))
        .isEqualTo(new Comparison.Delta("-10.0 %", "better"));
    assertThat(Comparison.delta(null, 90.0, false).verdict()).isEmpty();
    assertThat(Comparison.delta(0.0, 0.0, false).verdict()).isEqualTo("same");
    assertThat(Comparison.delta(0.0, 3.0, false))
        .isEqualTo(new Comparison.Delta("from 0", "worse"));
    assertThat(Comparison.delta(0.0, 200.0, true))
        .isEqualTo(new Comparison.Delta("from 0", "better"));
  }

  @Test
  void aRunWhoseDriverWasTheBottleneckIsMarkedBesideItsNumbers() throws Exception {
    Path fixed = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Path invalid = Files.createDirectories(temp.resolve("invalid"));
    Path summary = fixed.resolve("summary.json");
    Files.writeString(
        invalid.resolve("summary.json"),
        Files.readString(summary).replaceFirst("\"valid\": true", "\"valid\": false"));

    Comparison.Row validity = row(Comparison.of(List.of(fixed, invalid)), "driver kept up");

    assertThat(validity.values()).containsExactly("yes", "no");
    assertThat(validity.deltas()).containsExactly(new Comparison.Delta("now invalid", "worse"));
  }

  @Test
  void theComparisonPageIsSelfContained() throws Exception {
    Path fixed = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Path findMax = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);

    Path page =
        CompareReport.write(
            Comparison.of(List.of(fixed, findMax)),
            List.of(fixed, findMax),
            temp.resolve("c.html"));

    String html = Files.readString(page);
    assertThat(html).doesNotContain("src=\"http").doesNotContain("href=\"http");
    assertThat(html).contains("\"verdict\":\"worse\"").contains("\"verdict\":\"better\"");
  }

  private static Comparison.Row row(Comparison comparison, String metric) {
    return comparison.rows().stream()
        .filter(r -> r.metric().equals(metric))
        .findFirst()
        .orElseThrow();
  }
}
