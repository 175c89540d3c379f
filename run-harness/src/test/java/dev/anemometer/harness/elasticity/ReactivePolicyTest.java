package dev.anemometer.harness.elasticity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.ElasticitySpec.ReactiveSpec;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ReactivePolicyTest {

  private final ReactivePolicy policy =
      new ReactivePolicy(
          new ReactiveSpec(0, 1, 3, 500.0, 100.0, null, null, Duration.ofSeconds(10)));

  @Test
  void aSlowIntervalAddsOneServer() {
    assertThat(policy.decide(2_000, 1, Samples.sample(2_000, 40, 900, 0), OptionalDouble.empty()))
        .isEqualTo(OptionalInt.of(2));
  }

  @Test
  void theCoolDownHoldsTheNextChange() {
    policy.decide(2_000, 1, Samples.sample(2_000, 40, 900, 0), OptionalDouble.empty());

    assertThat(policy.decide(6_000, 2, Samples.sample(6_000, 40, 900, 0), OptionalDouble.empty()))
        .isEmpty();
    assertThat(policy.decide(12_000, 2, Samples.sample(12_000, 40, 900, 0), OptionalDouble.empty()))
        .isEqualTo(OptionalInt.of(3));
  }

  @Test
  void neverAboveMaxNorBelowMin() {
    assertThat(policy.decide(2_000, 3, Samples.sample(2_000, 40, 900, 0), OptionalDouble.empty()))
        .isEmpty();
    assertThat(policy.decide(4_000, 1, Samples.sample(4_000, 4, 10, 0), OptionalDouble.empty()))
        .isEmpty();
  }

  @Test
  void failuresKeepTheServersEvenWhenFast() {
    assertThat(policy.decide(2_000, 2, Samples.sample(2_000, 40, 10, 5), OptionalDouble.empty()))
        .isEmpty();
  }

  @Test
  void cpuAboveItsThresholdAddsAServer() {
    ReactivePolicy cpu =
        new ReactivePolicy(new ReactiveSpec(0, 1, 2, null, null, 0.8, 0.2, Duration.ZERO));

    assertThat(cpu.decide(2_000, 1, Samples.sample(2_000, 40, 10, 0), OptionalDouble.of(0.95)))
        .isEqualTo(OptionalInt.of(2));
    assertThat(cpu.decide(4_000, 2, Samples.sample(4_000, 40, 10, 0), OptionalDouble.of(0.1)))
        .isEqualTo(OptionalInt.of(1));
  }

  @Test
  void withSustainIntervalsOneBusyIntervalIsNoiseAndARunOfThemAddsAServer() {
    ReactivePolicy sustained =
        new ReactivePolicy(new ReactiveSpec(0, 1, 2, null, null, 0.25, 0.08, Duration.ZERO, 3));
    double[] cpuOverTime = {0.05, 0.6, 0.05, 0.4, 0.5, 0.45};
    OptionalInt last = OptionalInt.empty();
    long t = 0;
    for (int i = 0; i < cpuOverTime.length; i++) {
      t += 2_000;
      last =
          sustained.decide(t, 1, Samples.sample(t, 40, 10, 0), OptionalDouble.of(cpuOverTime[i]));
      if (i < cpuOverTime.length - 1) {
        assertThat(last).as("after interval " + i).isEmpty();
      }
    }
    assertThat(last).isEqualTo(OptionalInt.of(2));
    // the new size starts a new run: two quiet intervals are not yet three
    assertThat(
            sustained.decide(14_000, 2, Samples.sample(14_000, 4, 10, 0), OptionalDouble.of(0.02)))
        .isEmpty();
    assertThat(
            sustained.decide(16_000, 2, Samples.sample(16_000, 4, 10, 0), OptionalDouble.of(0.02)))
        .isEmpty();
    assertThat(
            sustained.decide(18_000, 2, Samples.sample(18_000, 4, 10, 0), OptionalDouble.of(0.02)))
        .isEqualTo(OptionalInt.of(1));
  }
}
