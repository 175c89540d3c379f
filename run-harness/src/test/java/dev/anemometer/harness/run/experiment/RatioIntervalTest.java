package dev.anemometer.harness.run.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatioIntervalTest {

  @Test
  void theIntervalIsStudentsTOnTheLogRatiosTakenBackToRatios() {
    // By hand: logs 0.04879, 0.09531, 0; mean 0.04803, sd 0.04766, t(2) 4.3027.
    RatioInterval interval = RatioInterval.of(List.of(1.05, 1.10, 1.00));

    assertThat(interval.rounds()).isEqualTo(3);
    assertThat(interval.ratio()).isCloseTo(1.049206, within(1e-6));
    assertThat(interval.low()).isCloseTo(0.932059, within(1e-6));
    assertThat(interval.high()).isCloseTo(1.181077, within(1e-6));
    assertThat(interval.halfWidthPercent()).isCloseTo(12.5686, within(1e-4));
    assertThat(interval.changePercent()).isCloseTo(4.9206, within(1e-4));
  }

  @Test
  void aRatioAndItsInverseAverageToNoDifference() {
    RatioInterval interval = RatioInterval.of(List.of(1.1, 1 / 1.1));

    assertThat(interval.ratio()).isCloseTo(1.0, within(1e-12));
    assertThat(interval.high() / interval.ratio())
        .isCloseTo(interval.ratio() / interval.low(), within(1e-12));
  }

  @Test
  void theTQuantilesAreTheTablesOnes() {
    assertThat(RatioInterval.studentT(1)).isCloseTo(12.706, within(1e-3));
    assertThat(RatioInterval.studentT(5)).isCloseTo(2.571, within(1e-3));
    assertThat(RatioInterval.studentT(1000)).isCloseTo(1.962, within(1e-3));
  }

  @Test
  void roundsThatAgreeExactlyGiveAnIntervalOfNoWidth() {
    RatioInterval interval = RatioInterval.of(List.of(1.08, 1.08, 1.08));

    assertThat(interval.low()).isCloseTo(1.08, within(1e-12));
    assertThat(interval.halfWidthPercent()).isCloseTo(0, within(1e-9));
    assertThat(interval.differs()).isTrue();
  }

  @Test
  void anIntervalAcrossOneDiffersFromNothingAndOneWithinTheThresholdIsSettledSmall() {
    RatioInterval small = RatioInterval.of(List.of(1.01, 0.995, 1.003, 0.999));

    assertThat(small.differs()).isFalse();
    assertThat(small.within(3)).isTrue();
    assertThat(small.within(0.5)).isFalse();
    assertThat(small.covers(1.0)).isTrue();
  }

  @Test
  void anIntervalNeedsTwoPositiveRatios() {
    assertThatThrownBy(() -> RatioInterval.of(List.of(1.02)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("two rounds");
    assertThatThrownBy(() -> RatioInterval.of(List.of(1.02, 0.0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("> 0");
  }
}
