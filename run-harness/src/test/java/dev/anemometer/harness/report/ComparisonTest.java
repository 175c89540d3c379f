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
    assertThat(comparison.rows()).hasSize(5 + 10);
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
