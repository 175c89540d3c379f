package dev.anemometer.harness.run.repeat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.results.RepeatSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepeatRunnerTest {

  private static final RepeatSet.Tolerance PRECISION = new RepeatSet.Tolerance("precision", 2.5);

  @TempDir Path results;

  @Test
  void repeatsUntilTheCvOfTheWindowIsReachedAndNoFurther() throws Exception {
    FakeRuns runs = FakeRuns.findMax(results, 4500.0, 4000.0, 4020.0, 4040.0, 9999.0);

    RepeatRunner.Outcome outcome =
        new RepeatRunner(RepeatSpec.untilCv(3, 3, 6), PRECISION)
            .run("t", "findMax", "2026-11-25T08:00:00Z", runs, progress -> {});

    assertThat(runs.made()).isEqualTo(4);
    RepeatSet set = outcome.set();
    assertThat(set.metric()).isEqualTo("peak users");
    assertThat(set.runs())
        .extracting(RepeatSet.Member::value)
        .containsExactly(4500.0, 4000.0, 4020.0, 4040.0);
    assertThat(set.runs().get(0).directory()).isEqualTo("20261125-080001-t");
    assertThat(set.stopRule().cvReached()).isTrue();
    assertThat(set.stopRule().reason()).startsWith("CV reached after 4 runs");
    assertThat(set.stopRule().window()).isEqualTo(3);
    assertThat(set.stopRule().maxRepeats()).isEqualTo(6);
  }

  @Test
  void theStatisticsCoverEveryRunAndCallASpreadBeyondThePrecisionADisagreement() throws Exception {
    RepeatSet set =
        new RepeatRunner(RepeatSpec.times(3), PRECISION)
            .run(
                "t",
                "findMax",
                "2026-11-25T08:00:00Z",
                FakeRuns.findMax(results, 4500.0, 4250.0, 3875.0),
                progress -> {})
            .set();

    assertThat(set.statistics().runs()).isEqualTo(3);
    assertThat(set.statistics().mean())
        .isEqualTo(4208.33, org.assertj.core.api.Assertions.within(0.01));
    assertThat(set.statistics().spread()).isEqualTo(625.0);
    assertThat(set.disagree()).isTrue();
    assertThat(set.agreement()).isEqualTo("repeats disagree: spread 14.9 % > precision 2.5 %");
  }

  @Test
  void fixedRunsAreJudgedOnTheirThroughput() throws Exception {
    RepeatSet set =
        new RepeatRunner(RepeatSpec.times(2), new RepeatSet.Tolerance("compare threshold", 5.0))
            .run(
                "t",
                "fixed",
                "2026-11-25T08:00:00Z",
                FakeRuns.fixed(results, 270.0, 272.0),
                progress -> {})
            .set();

    assertThat(set.metric()).isEqualTo("throughput (ops/s)");
    assertThat(set.runs()).extracting(RepeatSet.Member::value).containsExactly(270.0, 272.0);
    assertThat(set.agreement()).isEqualTo("repeats agree: spread 0.7 % ≤ compare threshold 5.0 %");
  }

  @Test
  void aRunThatBrokeOffIsListedWithoutAValueAndTheWorstExitCodeWins() throws Exception {
    List<RepeatSet> seen = new ArrayList<>();

    RepeatRunner.Outcome outcome =
        new RepeatRunner(RepeatSpec.untilCv(3, 2, 3), PRECISION)
            .run(
                "t",
                "findMax",
                "2026-11-25T08:00:00Z",
                FakeRuns.findMax(results, 4000.0, null, 4010.0),
                progress -> seen.add(progress.set()));

    assertThat(outcome.set().runs())
        .extracting(RepeatSet.Member::outcome)
        .containsExactly("PASSED", "ERROR", "PASSED");
    assertThat(outcome.set().runs().get(1).value()).isNull();
    assertThat(outcome.set().stopRule().cvReached()).isTrue();
    assertThat(outcome.exitCode()).isEqualTo(3);
    // The record after each run: no reason until the set stopped.
    assertThat(seen).hasSize(3);
    assertThat(seen.get(0).stopRule().reason()).isNull();
    assertThat(seen.get(0).statistics()).isNull();
  }

  @Test
  void aRunStoppedByCtrlCEndsTheSet() throws Exception {
    FakeRuns runs = FakeRuns.findMax(results, 4000.0, Double.NaN, 4010.0);

    RepeatSet set =
        new RepeatRunner(RepeatSpec.untilCv(3, 2, 3), PRECISION)
            .run("t", "findMax", "2026-11-25T08:00:00Z", runs, progress -> {})
            .set();

    assertThat(runs.made()).isEqualTo(2);
    assertThat(set.stopRule().reason()).isEqualTo("interrupted in run 2");
    assertThat(set.stopRule().cvReached()).isFalse();
  }
}
