package dev.anemometer.harness.run.repeat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatSpecTest {

  private final RepeatSpec untilThreePercent = RepeatSpec.untilCv(3, 3, 6);

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
  void theCvTargetIsReadWithOrWithoutAPercentSign() {
    assertThat(RepeatSpec.fromFlags(null, 1, "3%", null, null).untilCvPercent()).isEqualTo(3.0);
    assertThat(RepeatSpec.fromFlags(null, 1, "2.5 %", null, null).untilCvPercent()).isEqualTo(2.5);
    assertThat(RepeatSpec.fromFlags(null, 1, "3", null, null))
        .isEqualTo(
            RepeatSpec.untilCv(3, RepeatSpec.DEFAULT_WINDOW, RepeatSpec.DEFAULT_MAX_REPEATS));
  }

  @Test
  void withoutACvTargetTheRepeatFlagOverridesTheConfig() {
    assertThat(RepeatSpec.fromFlags(null, 2, null, null, null)).isEqualTo(RepeatSpec.times(2));
    assertThat(RepeatSpec.fromFlags(5, 2, null, null, null)).isEqualTo(RepeatSpec.times(5));
  }

  @Test
  void aWindowLargerThanTheDefaultMaxRepeatsRaisesTheDefault() {
    assertThat(RepeatSpec.fromFlags(null, 1, "3", 8, null).runs()).isEqualTo(8);
  }

  @Test
  void aCvTargetThatIsNotAPositivePercentageIsRefusedNamingTheFlag() {
    for (String bad : List.of("-1", "0", "0%", "abc", "NaN", "%")) {
      assertThatThrownBy(() -> RepeatSpec.fromFlags(null, 1, bad, null, null))
          .isInstanceOf(ConfigException.class)
          .hasMessage("--until-cv: must be a percentage > 0 (got " + bad + ")");
    }
  }

  @Test
  void aWindowBelowTwoAndMaxRepeatsBelowTheWindowAreRefused() {
    assertThatThrownBy(() -> RepeatSpec.fromFlags(null, 1, "3", 1, null))
        .hasMessage("--window: must be ≥ 2, a CV needs two results (got 1)");
    assertThatThrownBy(() -> RepeatSpec.fromFlags(null, 1, "3", 4, 3))
        .hasMessage("--max-repeats: must be ≥ --window (4) (got 3)");
  }

  @Test
  void aCvTargetWithRepeatIsRefused() {
    assertThatThrownBy(() -> RepeatSpec.fromFlags(3, 1, "3", null, null))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--until-cv: not with --repeat");
  }

  @Test
  void windowAndMaxRepeatsWithoutACvTargetAreRefused() {
    assertThatThrownBy(() -> RepeatSpec.fromFlags(null, 1, null, 3, 6))
        .isInstanceOf(ConfigException.class)
        .satisfies(
            e ->
                assertThat(((ConfigException) e).errors())
                    .containsExactly(
                        "--window: only with --until-cv (got 3)",
                        "--max-repeats: only with --until-cv (got 6)"));
  }

  @Test
  void repeatBelowOneIsRefused() {
    assertThatThrownBy(() -> RepeatSpec.fromFlags(0, 1, null, null, null))
        .hasMessage("--repeat: must be ≥ 1 (got 0)");
  }
}
