package dev.anemometer.harness.run.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.Strategy;
import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictsTest {

  private static final ExperimentMetric PEAK = ExperimentMetric.parse("peak", Strategy.FIND_MAX);
  private static final ExperimentMetric P99 =
      ExperimentMetric.parse("p99:PlaceBid", Strategy.FIXED);

  @Test
  void aDetectedDifferenceIsSaidWithItsSignItsMetricAndItsInterval() {
    RatioInterval interval = RatioInterval.of(List.of(1.05, 1.10, 1.085, 1.08));

    assertThat(Verdicts.text("change", interval, PEAK, StopRule.rounds(4)))
        .isEqualTo("change: +7.9 % peak users, better (95 % CI +4.6 … +11.3 %)");
  }

  @Test
  void aHigherP99IsWorse() {
    RatioInterval interval = RatioInterval.of(List.of(1.05, 1.10, 1.085, 1.08));

    assertThat(Verdicts.text("change", interval, P99, StopRule.rounds(4)))
        .isEqualTo("change: +7.9 % p99 PlaceBid (ms), worse (95 % CI +4.6 … +11.3 %)");
  }

  @Test
  void anIntervalAcrossNoDifferenceSaysNoDifferenceWithAMinusSign() {
    RatioInterval interval = RatioInterval.of(List.of(0.99, 1.02, 1.005, 1.0));

    assertThat(Verdicts.text("change", interval, PEAK, StopRule.rounds(4)))
        .isEqualTo("change: no difference detected (95 % CI −1.6 … +2.4 %)");
    assertThat(Verdicts.text("change", interval, PEAK, new StopRule(null, 3.0, 10)))
        .isEqualTo(
            "change: no difference detected (95 % CI −1.6 … +2.4 %); any difference is within ±3 %");
  }

  @Test
  void anAaExperimentSaysTheSmallestDifferenceTheMachineCanShow() {
    RatioInterval same = RatioInterval.of(List.of(0.99, 1.02, 1.005, 1.0));
    RatioInterval apart = RatioInterval.of(List.of(1.04, 1.05, 1.045));

    assertThat(Verdicts.machine(same, 2_820))
        .isEqualTo(
            "A/A: no difference, as it must be; the interval's half-width, ±2.0 % after 4 rounds"
                + " (47 min), is the smallest difference this machine can show in that time");
    assertThat(Verdicts.machine(apart, 600)).startsWith("A/A: identical variants differed");
  }

  @Test
  void percentagesKeepTheirSignAndNoNegativeZero() {
    assertThat(Verdicts.signed(-0.04)).isEqualTo("+0.0");
    assertThat(Verdicts.signed(-1.84)).isEqualTo("−1.8");
    assertThat(Verdicts.signed(10.75)).isEqualTo("+10.8");
  }
}
