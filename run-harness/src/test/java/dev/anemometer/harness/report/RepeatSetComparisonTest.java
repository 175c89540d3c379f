package dev.anemometer.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepeatSetComparisonTest {

  @TempDir Path temp;

  @Test
  void twoSetsAreComparedOnTheirMeansAndADifferenceBeyondBothSpreadsCounts() {
    Path before = RepeatSets.findMax(temp.resolve("a"), 4000.0, 4100.0, 4050.0);
    Path after = RepeatSets.findMax(temp.resolve("b"), 4400.0, 4500.0, 4450.0);

    Comparison comparison = Comparison.of(List.of(before, after));

    assertThat(row(comparison, "peak users").values()).containsExactly("4,050", "4,450");
    assertThat(row(comparison, "peak users").deltas())
        .containsExactly(new Comparison.Delta("+9.9 %", "better"));
    assertThat(row(comparison, "outcome").values()).containsExactly("PASSED", "PASSED");
    assertThat(row(comparison, "repeat runs").values()).containsExactly("3", "3");
    assertThat(row(comparison, "peak users spread of the set").values())
        .containsExactly("100 (2.5 %)", "100 (2.2 %)");
    assertThat(row(comparison, "peak users CV of the set").values())
        .containsExactly("1.2 %", "1.1 %");
    assertThat(row(comparison, "peak users mean ± 95 % CI of the set").values())
        .containsExactly("4,050 ± 124 (95 % CI 3,926–4,174)", "4,450 ± 124 (95 % CI 4,326–4,574)");
    Comparison.Row mean = row(comparison, "peak users mean of the set");
    assertThat(mean.values()).containsExactly("4,050", "4,450");
    assertThat(mean.deltas())
        .containsExactly(
            new Comparison.Delta("+9.9 %, beyond the combined spread ±2.5 %", "better"));
  }

  @Test
  void aSetWhoseMachineDriftedShowsItsCvAtTheMachinesMeanPace() {
    Path steady = RepeatSets.findMax(temp.resolve("a"), 4000.0, 4100.0, 4050.0);
    Path drifted =
        RepeatSets.findMaxAtPaces(
            temp.resolve("b"), new Double[] {198.0, 191.0, 209.0}, 1790.0, 1881.0, 1678.0);

    Comparison comparison = Comparison.of(List.of(steady, drifted));

    assertThat(row(comparison, "peak users CV of the set").values())
        .containsExactly("1.2 %", "5.7 %");
    assertThat(row(comparison, "peak users CV at the machine's mean pace").values())
        .containsExactly("–", "1.2 % (spread 2.4 %)");
  }

  @Test
  void aDifferenceWithinTheCombinedSpreadIsTheSameEvenBeyondFivePercent() {
    Path before = RepeatSets.findMax(temp.resolve("a"), 4000.0, 4100.0, 4050.0);
    Path after = RepeatSets.findMax(temp.resolve("b"), 4400.0, 4500.0, 3900.0);

    Comparison comparison = Comparison.of(List.of(before, after));

    assertThat(row(comparison, "peak users mean of the set").deltas())
        .containsExactly(new Comparison.Delta("+5.3 %, within the combined spread ±8.6 %", "same"));
    assertThat(row(comparison, "peak users").deltas())
        .containsExactly(new Comparison.Delta("+5.3 %", "same"));
  }

  @Test
  void aRunThatBelongsToASetIsComparedWithItsSetsStatisticsBesideIt() {
    Path set = RepeatSets.findMax(temp.resolve("a"), 4000.0, 4100.0);
    Path lone = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);

    Comparison comparison =
        Comparison.of(List.of(temp.resolve("a").resolve("20261125-080002-t"), lone));

    assertThat(row(comparison, "peak users").values()).containsExactly("4,100", "420");
    assertThat(row(comparison, "repeat set").values())
        .containsExactly(set.getFileName().toString(), "–");
    assertThat(row(comparison, "peak users mean of the set").values())
        .containsExactly("4,050", "–");
  }

  @Test
  void withoutSetsThereAreNoRepeatRows() {
    Path fixed = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Path findMax = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);

    assertThat(Comparison.of(List.of(fixed, findMax)).rows())
        .extracting(Comparison.Row::metric)
        .noneMatch(metric -> metric.contains("set"));
  }

  @Test
  void theReportOfASetFolderShowsTheSetAndARunsReportLinksToIt() throws Exception {
    Path set = RepeatSets.findMax(temp, 4000.0, 4500.0);

    String page = Files.readString(HtmlReport.write(set));
    String run = Files.readString(HtmlReport.write(temp.resolve("20261125-080001-t")));

    assertThat(page)
        .contains("Anemometer repeat set t")
        .contains("\"kind\":\"repeats\"")
        .contains("\"disagree\":true")
        .contains("The page of a repeat set");
    assertThat(run).contains("\"repeatSetDir\":\"" + set.getFileName() + "\"");
  }

  @Test
  void aBrokenRepeatsJsonBesideARunDoesNotBreakItsReport() throws Exception {
    Path run = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);
    Path broken = Files.createDirectories(temp.resolve("20261125-075900-other-repeats"));
    Files.writeString(broken.resolve("repeats.json"), "{ torn");

    assertThat(Files.readString(HtmlReport.write(run))).doesNotContain("\"repeatSetDir\"");
  }

  @Test
  void aSetsReferenceSpeedAndCpuAreItsRunsMeansAndItsMachineEachOfTheirs() {
    Path before = RepeatSets.findMax(temp.resolve("a"), 4000.0, 4100.0);
    Path after = RepeatSets.findMax(temp.resolve("b"), 4000.0, 4100.0);
    PlatformBlocks.add(temp.resolve("a").resolve("20261125-080001-t"), "AMD EPYC", 1.00, 2000);
    PlatformBlocks.add(temp.resolve("a").resolve("20261125-080002-t"), "AMD EPYC", 1.10, 3000);
    PlatformBlocks.add(temp.resolve("b").resolve("20261125-080001-t"), "AMD EPYC", 0.60, 4000);
    PlatformBlocks.add(temp.resolve("b").resolve("20261125-080002-t"), "Intel Xeon", 0.70, 4000);

    Comparison comparison = Comparison.of(List.of(before, after));

    assertThat(row(comparison, "reference speed (1.00 = reference machine)").values())
        .containsExactly("1.05", "0.65");
    assertThat(row(comparison, "CPU µs/user-s app at the result").values())
        .containsExactly("2,500", "4,000");
    assertThat(row(comparison, "machine").values())
        .containsExactly(
            "2 cores AMD EPYC, 6.1.0", "2 cores AMD EPYC, 6.1.0 | 2 cores Intel Xeon, 6.1.0");
    assertThat(comparison.warnings())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(after.getFileName() + " ran on a machine 38 % slower");
  }

  private static Comparison.Row row(Comparison comparison, String metric) {
    return comparison.rows().stream()
        .filter(r -> r.metric().equals(metric))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row " + metric));
  }
}
