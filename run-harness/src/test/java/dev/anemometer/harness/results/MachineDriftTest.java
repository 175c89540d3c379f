package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineDriftTest {

  private static final RepeatSet.Tolerance PRECISION = new RepeatSet.Tolerance("precision", 2.5);

  @Test
  void theFiguresTakenAfterARunCountAsMuchAsThoseAtItsStart() {
    // Two runs that started on the same loopback figure, the second of which ended on a machine a
    // fifth slower: the machine did not hold still while the set measured it.
    List<RepeatSet.Member> runs = List.of(run(0.98, 0.98, 0.97, 0.97), run(0.98, 0.98, 0.97, 0.78));

    MachineDrift drift = MachineDrift.of(runs, PRECISION);

    assertThat(drift.loopback().min()).isEqualTo(0.78);
    assertThat(drift.loopback().max()).isEqualTo(0.98);
    assertThat(drift.loopback().spreadPercent()).isCloseTo(0.20 / 0.9275 * 100, within(0.01));
    assertThat(drift.cpu().spreadPercent()).isCloseTo(0.01 / 0.975 * 100, within(0.01));
    assertThat(drift.moved()).isTrue();
    assertThat(drift.describe())
        .isEqualTo("CPU reference 0.97–0.98 (1.0 %), loopback 0.78–0.98 (21.6 %)");
  }

  @Test
  void aMachineWithinTheToleranceDidNotMove() {
    MachineDrift drift =
        MachineDrift.of(
            List.of(run(0.98, 0.97, null, null), run(0.98, 0.98, null, null)), PRECISION);

    assertThat(drift.moved()).isFalse();
    assertThat(drift.loopback().spreadPercent()).isCloseTo(1.03, within(0.01));
  }

  @Test
  void runsThatTookNoFiguresHaveNoDrift() {
    assertThat(MachineDrift.of(List.of(run(null, null, null, null)), PRECISION)).isNull();
  }

  private static RepeatSet.Member run(
      Double cpu, Double loopback, Double cpuAfter, Double loopbackAfter) {
    return new RepeatSet.Member(
        "run", "PASSED", 0, 2_900.0, cpu, loopback, cpuAfter, loopbackAfter, null);
  }
}
