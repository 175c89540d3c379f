package dev.anemometer.driver.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MachineCpuTest {

  private static final long TICK = 10_000_000L;

  @Test
  void theMachinesCountersAreTheFirstLineOfProcStat() {
    String procStat =
        "cpu  1000 200 300 9000 50 10 20 30 0 0\ncpu0 500 100 150 4500 25 5 10 15 0 0\n";

    assertThat(MachineCpu.parse(procStat))
        .contains(new MachineCpu(1530 * TICK, 30 * TICK, 9050 * TICK));
    assertThat(MachineCpu.parse("intr 1 2 3\n")).isEmpty();
  }

  @Test
  void theIdleShareCountsStolenTimeAsNotIdle() {
    MachineCpu before = new MachineCpu(1000 * TICK, 0, 1000 * TICK);
    MachineCpu after = new MachineCpu(1170 * TICK, 10 * TICK, 1020 * TICK);

    assertThat(after.idlePercentSince(before)).isEqualTo(10.0);
    assertThat(before.idlePercentSince(before)).isNaN();
  }
}
