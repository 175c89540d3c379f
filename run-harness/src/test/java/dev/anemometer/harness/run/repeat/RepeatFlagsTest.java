package dev.anemometer.harness.run.repeat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.ConfigException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatFlagsTest {

  @Test
  void theCvTargetIsReadWithOrWithoutAPercentSign() {
    assertThat(RepeatFlags.parse(null, 1, "3%", null, null, null).untilCvPercent()).isEqualTo(3.0);
    assertThat(RepeatFlags.parse(null, 1, "2.5 %", null, null, null).untilCvPercent())
        .isEqualTo(2.5);
    assertThat(RepeatFlags.parse(null, 1, "3", null, null, null))
        .isEqualTo(
            RepeatSpec.untilCv(3, RepeatSpec.DEFAULT_WINDOW, RepeatSpec.DEFAULT_MAX_REPEATS));
  }

  @Test
  void withoutACvTargetTheRepeatFlagOverridesTheConfig() {
    assertThat(RepeatFlags.parse(null, 2, null, null, null, null)).isEqualTo(RepeatSpec.times(2));
    assertThat(RepeatFlags.parse(5, 2, null, null, null, null)).isEqualTo(RepeatSpec.times(5));
  }

  @Test
  void aWindowLargerThanTheDefaultMaxRepeatsRaisesTheDefault() {
    assertThat(RepeatFlags.parse(null, 1, "3", null, 8, null).runs()).isEqualTo(8);
  }

  @Test
  void aCvTargetThatIsNotAPositivePercentageIsRefusedNamingTheFlag() {
    for (String bad : List.of("-1", "0", "0%", "abc", "NaN", "%")) {
      assertThatThrownBy(() -> RepeatFlags.parse(null, 1, bad, null, null, null))
          .isInstanceOf(ConfigException.class)
          .hasMessage("--until-cv: must be a percentage > 0 (got " + bad + ")");
    }
  }

  @Test
  void aWindowBelowTwoAndMaxRepeatsBelowTheWindowAreRefused() {
    assertThatThrownBy(() -> RepeatFlags.parse(null, 1, "3", null, 1, null))
        .hasMessage("--window: must be ≥ 2, a CV needs two results (got 1)");
    assertThatThrownBy(() -> RepeatFlags.parse(null, 1, "3", null, 4, 3))
        .hasMessage("--max-repeats: must be ≥ --window (4) (got 3)");
  }

  @Test
  void aCvTargetWithRepeatIsRefused() {
    assertThatThrownBy(() -> RepeatFlags.parse(3, 1, "3", null, null, null))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("--until-cv: not with --repeat");
  }

  @Test
  void windowAndMaxRepeatsWithoutACvTargetAreRefused() {
    assertThatThrownBy(() -> RepeatFlags.parse(null, 1, null, null, 3, 6))
        .isInstanceOf(ConfigException.class)
        .satisfies(
            e ->
                assertThat(((ConfigException) e).errors())
                    .containsExactly(
                        "--window: only with --until-cv (got 3)",
                        "--max-repeats: only with --until-cv or --until-ci (got 6)"));
  }

  @Test
  void repeatBelowOneIsRefused() {
    assertThatThrownBy(() -> RepeatFlags.parse(0, 1, null, null, null, null))
        .hasMessage("--repeat: must be ≥ 1 (got 0)");
  }

  @Test
  void theCiTargetIsReadWithOrWithoutAPercentSignAndDefaultsToTheCvsMaxRepeats() {
    assertThat(RepeatFlags.parse(null, 1, null, "2%", null, null))
        .isEqualTo(RepeatSpec.untilCi(2, RepeatSpec.DEFAULT_MAX_REPEATS));
    assertThat(RepeatFlags.parse(null, 1, null, "1.5 %", null, 10))
        .isEqualTo(RepeatSpec.untilCi(1.5, 10));
    assertThat(RepeatSpec.untilCi(2, 6).describe())
        .isEqualTo("until the 95 % CI is within ±2 % of the mean, at most 6");
  }

  @Test
  void aCiTargetThatIsNotAPositivePercentageIsRefusedNamingTheFlag() {
    for (String bad : List.of("-1", "0", "0 %", "two", "Infinity", "")) {
      assertThatThrownBy(() -> RepeatFlags.parse(null, 1, null, bad, null, null))
          .isInstanceOf(ConfigException.class)
          .hasMessage("--until-ci: must be a percentage > 0 (got " + bad.strip() + ")");
    }
  }

  @Test
  void aCiTargetWithRepeatOrWithACvTargetIsRefusedInOneLineNamingTheFlag() {
    assertThatThrownBy(() -> RepeatFlags.parse(3, 1, null, "2", null, null))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--until-ci: not with --repeat (a fixed number of runs or a CI target, not both)");
    assertThatThrownBy(() -> RepeatFlags.parse(null, 1, "3", "2", null, null))
        .isInstanceOf(ConfigException.class)
        .hasMessage("--until-ci: not with --until-cv (one target to stop on, not both)");
  }

  @Test
  void aCiTargetTakesNoWindowAndNeedsAtLeastTwoRuns() {
    assertThatThrownBy(() -> RepeatFlags.parse(null, 1, null, "2", 3, null))
        .hasMessage("--window: only with --until-cv (got 3)");
    assertThatThrownBy(() -> RepeatFlags.parse(null, 1, null, "2", null, 1))
        .hasMessage("--max-repeats: must be ≥ 2, a confidence interval needs two results (got 1)");
  }
}
