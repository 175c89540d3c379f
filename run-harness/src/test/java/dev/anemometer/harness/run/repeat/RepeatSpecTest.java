package dev.anemometer.harness.run.repeat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatSpecTest {

  private final RepeatSpec untilThreePercent = RepeatSpec.untilCv(3, 3, 6);
  private final RepeatSpec untilTwoPercent = RepeatSpec.untilCi(2, 6);

  @Test
  void theSetStopsOnceTheLastWindowVariesLessThanTheTarget() {
    // 4,500 then three runs within 1 %: the first window (4500, 4000, 4020) varies too much.
    assertThat(untilThreePercent.stopAfter(List.of(4500.0, 4000.0, 4020.0), 3)).isEmpty();

    RepeatSpec.RepeatStop stop =
        untilThreePercent.stopAfter(List.of(4500.0, 4000.0, 4020.0, 4040.0), 4).orElseThrow();

    assertThat(stop.cvReached()).isTrue();
    assertThat(stop.windowCvPercent()).isLessThan(3);
    assertThat(stop.reason()).startsWith("CV reached after 4 runs: 0.5 % < 3 % over the last 3");
  }

  @Test
  void theSetStopsAtMaxRepeatsAndSaysTheCvItReached() {
    List<Double> noisy = List.of(4500.0, 4250.0, 3875.0, 4500.0, 4250.0, 3875.0);

    assertThat(untilThreePercent.stopAfter(noisy.subList(0, 5), 5)).isEmpty();
    RepeatSpec.RepeatStop stop = untilThreePercent.stopAfter(noisy, 6).orElseThrow();

    assertThat(stop.cvReached()).isFalse();
    assertThat(stop.reason())
        .isEqualTo("max repeats reached (6 runs) with CV 7.5 % over the last 3 (target < 3 %)");
  }

  @Test
  void aWindowLargerThanTheResultsSoFarNeverStopsTheSetEarly() {
    RepeatSpec wide = RepeatSpec.untilCv(3, 4, 4);

    // Three identical results have a CV of 0, but the window asks for four.
    assertThat(wide.stopAfter(List.of(100.0, 100.0, 100.0), 3)).isEmpty();
  }

  @Test
  void runsWithoutAResultCountTowardsMaxRepeatsButNotTowardsTheWindow() {
    RepeatSpec.RepeatStop stop =
        untilThreePercent.stopAfter(List.of(100.0, 100.0), 6).orElseThrow();

    assertThat(stop.cvReached()).isFalse();
    assertThat(stop.windowCvPercent()).isNull();
    assertThat(stop.reason())
        .isEqualTo(
            "max repeats reached (6 runs): only 2 gave a result, fewer than the window of 3");
  }

  @Test
  void aFixedNumberOfRunsStopsAfterThemWhateverTheyMeasured() {
    RepeatSpec three = RepeatSpec.times(3);

    assertThat(three.stopAfter(List.of(1.0, 100.0), 2)).isEmpty();
    assertThat(three.stopAfter(List.of(1.0, 100.0, 1.0), 3).orElseThrow().reason())
        .isEqualTo("3 run(s) as asked");
  }

  @Test
  void theSetStopsOnceTheConfidenceIntervalOfTheMeanIsWithinTheTarget() {
    // Three runs 4000, 4100, 4050: sd 50, half-width 4.303 × 50 / √3 = 124, 3.1 % of the mean.
    assertThat(untilTwoPercent.stopAfter(List.of(4000.0, 4100.0, 4050.0), 3)).isEmpty();

    RepeatSpec.RepeatStop stop =
        untilTwoPercent.stopAfter(List.of(4000.0, 4100.0, 4050.0, 4060.0), 4).orElseThrow();

    assertThat(stop.ciReached()).isTrue();
    assertThat(stop.ciHalfWidthPercent()).isLessThanOrEqualTo(2);
    assertThat(stop.cvReached()).isNull();
    assertThat(stop.reason()).isEqualTo("CI reached after 4 runs: ±1.6 % of the mean ≤ ±2 %");
  }

  @Test
  void oneResultHasNoConfidenceIntervalSoTheCiTargetNeverStopsTheSetAtOneRun() {
    assertThat(untilTwoPercent.stopAfter(List.of(4000.0), 1)).isEmpty();
    // Two equal results have no spread: their interval is the mean itself.
    assertThat(untilTwoPercent.stopAfter(List.of(4000.0, 4000.0), 2).orElseThrow().ciReached())
        .isTrue();
  }

  @Test
  void theCiTargetStopsAtMaxRepeatsAndSaysWhereTheIntervalWas() {
    List<Double> noisy = List.of(4500.0, 4250.0, 3875.0, 4500.0, 4250.0, 3875.0);

    assertThat(untilTwoPercent.stopAfter(noisy.subList(0, 5), 5)).isEmpty();
    RepeatSpec.RepeatStop stop = untilTwoPercent.stopAfter(noisy, 6).orElseThrow();

    assertThat(stop.ciReached()).isFalse();
    assertThat(stop.reason())
        .isEqualTo(
            "max repeats reached (6 runs) with the 95 % CI at ±7.0 % of the mean (target ±2 %)");
  }

  @Test
  void aCiTargetWithTooFewResultsAtMaxRepeatsSaysThatACiNeedsTwo() {
    RepeatSpec.RepeatStop stop = untilTwoPercent.stopAfter(List.of(4000.0), 6).orElseThrow();

    assertThat(stop.ciHalfWidthPercent()).isNull();
    assertThat(stop.reason())
        .isEqualTo("max repeats reached (6 runs): only 1 gave a result, a CI needs 2");
  }

  @Test
  void aSetBrokenOffByCtrlCHasNotReachedItsTarget() {
    assertThat(untilTwoPercent.interruptedIn(2))
        .isEqualTo(new RepeatSpec.RepeatStop("interrupted in run 2", null, null, null, false));
    assertThat(untilThreePercent.interruptedIn(2).cvReached()).isFalse();
    assertThat(RepeatSpec.times(3).interruptedIn(2).cvReached()).isNull();
  }
}
