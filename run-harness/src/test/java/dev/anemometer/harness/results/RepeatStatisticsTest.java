package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatStatisticsTest {

  @Test
  void reportsMeanSpreadAndCoefficientOfVariation() {
    RepeatStatistics stats = RepeatStatistics.of(List.of(2000.0, 2200.0, 2400.0));

    assertThat(stats.mean()).isEqualTo(2200.0);
    assertThat(stats.min()).isEqualTo(2000.0);
    assertThat(stats.max()).isEqualTo(2400.0);
    assertThat(stats.standardDeviation()).isEqualTo(200.0, within(1e-9));
    assertThat(stats.coefficientOfVariationPercent()).isEqualTo(9.09, within(0.01));
    assertThat(stats.spread()).isEqualTo(400.0);
    assertThat(stats.spreadPercent()).isEqualTo(18.18, within(0.01));
  }

  @Test
  void theMeanComesWithItsConfidenceIntervalByStudentsT() {
    // n = 5, sd = √250 = 15.8: t(0.975, 4) = 2.776, half-width 2.776 × 15.8 / √5 = 19.6.
    RepeatStatistics stats = RepeatStatistics.of(List.of(980.0, 1000.0, 1020.0, 990.0, 1010.0));

    assertThat(stats.confidenceInterval().halfWidth()).isEqualTo(19.63, within(0.01));
    assertThat(stats.confidenceInterval().low()).isEqualTo(980.37, within(0.01));
    assertThat(stats.confidenceInterval().high()).isEqualTo(1019.63, within(0.01));
  }

  @Test
  void oneResultHasNoSpreadAndNoDeviation() {
    RepeatStatistics stats = RepeatStatistics.of(List.of(4250.0));

    assertThat(stats.standardDeviation()).isZero();
    assertThat(stats.spreadPercent()).isZero();
    assertThat(stats.coefficientOfVariationPercent()).isZero();
    assertThat(stats.confidenceInterval()).isNull();
  }

  @Test
  void aMeanOfZeroGivesNoPercentagesRatherThanInfinity() {
    RepeatStatistics stats = RepeatStatistics.of(List.of(0.0, 0.0));

    assertThat(stats.coefficientOfVariationPercent()).isZero();
    assertThat(stats.spreadPercent()).isZero();
  }
}
