package dev.anemometer.harness.run.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StopRuleTest {

  private static final RatioInterval NARROW = RatioInterval.of(List.of(1.05, 1.051, 1.049));
  private static final RatioInterval WIDE = RatioInterval.of(List.of(0.9, 1.2, 1.0));
  private static final RatioInterval SMALL = RatioInterval.of(List.of(1.002, 0.998, 1.001));

  @Test
  void withoutATargetItRunsItsRoundsAndNoMore() {
    StopRule rule = StopRule.rounds(4);

    assertThat(rule.stopAfter(3, List.of(NARROW))).isEmpty();
    assertThat(rule.stopAfter(4, List.of(WIDE))).contains("4 rounds run");
    assertThat(rule.describe()).isEqualTo("4 rounds");
  }

  @Test
  void aHalfWidthTargetIsNotCheckedBeforeTheThirdRound() {
    StopRule rule = new StopRule(2.0, null, 10);

    assertThat(rule.stopAfter(2, List.of(NARROW))).isEmpty();
    assertThat(rule.stopAfter(3, List.of(NARROW)))
        .contains("every interval within ±2 % after 3 rounds");
    assertThat(rule.stopAfter(3, List.of(WIDE))).isEmpty();
  }

  @Test
  void everyVariantMustReachTheTarget() {
    StopRule rule = new StopRule(2.0, null, 10);

    assertThat(rule.stopAfter(5, List.of(NARROW, WIDE))).isEmpty();
    assertThat(rule.stopAfter(5, Arrays.asList(NARROW, null))).isEmpty();
  }

  @Test
  void detectIsSettledByADifferenceOrByAnIntervalWithinTheThreshold() {
    StopRule rule = new StopRule(null, 3.0, 10);

    assertThat(rule.stopAfter(3, List.of(NARROW))).contains("settled against ±3 % after 3 rounds");
    assertThat(rule.stopAfter(3, List.of(SMALL))).isPresent();
    assertThat(rule.stopAfter(3, List.of(WIDE))).isEmpty();
  }

  @Test
  void aTargetNotReachedStopsAtTheMostRounds() {
    StopRule rule = new StopRule(1.0, null, 6);

    assertThat(rule.stopAfter(6, List.of(WIDE)))
        .contains("target not reached in the most rounds, 6");
    assertThat(rule.describe()).isEqualTo("until the 95 % CI is within ±1 %, at most 6 rounds");
  }
}
