package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachinePaceTest {

  @Test
  void thePaceIsNginxAndHaproxysCpuPerUserSecondWhereTheResultRests() {
    // The third run of a set on a 2-core VM: the verification of 1,678 users, 120 s.
    WindowCpu peak =
        new WindowCpu(
            "instance-0",
            9,
            896_000,
            1_016_000,
            1_678,
            true,
            120,
            List.of(
                tier("db", 49.76),
                tier("app", 101.9),
                tier("lb", 24.2),
                tier("web", 17.9),
                tier("harness", 26.2)));

    Double pace = MachinePace.of(new CpuSummary(true, "", List.of(peak), List.of(peak)));

    assertThat(pace).isCloseTo((24.2 + 17.9) * 1e6 / (1_678 * 120), within(0.01));
  }

  @Test
  void aPeakAtTheSearchsCeilingHasNoPaceForTheMachineDidNotDecideIt() {
    // Two runs stopped at an 800-user ceiling, their "values at the mean pace" 6.4 % apart though
    // both found 800.
    WindowCpu peak =
        new WindowCpu(
            "instance-0", 9, 0, 120_000, 800, true, 120, List.of(tier("lb", 8), tier("web", 6)));
    CpuSummary cpu = new CpuSummary(true, "", List.of(peak), List.of(peak));

    assertThat(MachinePace.of(findMax(800, 800, cpu))).isNull();
    assertThat(MachinePace.of(findMax(1_000, 800, cpu)))
        .isCloseTo(14 * 1e6 / (800 * 120), within(0.01));
  }

  @Test
  void aRunThatMeasuredNoCpuHasNoPace() {
    assertThat(MachinePace.of((CpuSummary) null)).isNull();
    assertThat(MachinePace.of(CpuSummary.unavailable("kubernetes"))).isNull();
  }

  @Test
  void theValuesAtTheMeanPaceTakeTheMachinesDriftOut() {
    // Three findMax runs on a 2-core VM: 11.4 % apart as measured, the machine 9 % slower in the
    // third by nginx and HAProxy.
    List<RepeatSet.Member> runs = List.of(run(1_790, 198.0), run(1_881, 191.0), run(1_678, 209.0));

    MachinePace pace = MachinePace.of(runs);

    assertThat(pace.minMicrosPerUserSecond()).isEqualTo(191.0);
    assertThat(pace.maxMicrosPerUserSecond()).isEqualTo(209.0);
    assertThat(pace.spreadPercent()).isCloseTo(18.0 / 199.33 * 100, within(0.01));
    assertThat(pace.statistics().spreadPercent()).isCloseTo(2.4, within(0.1));
    assertThat(pace.statistics().cvPercent()).isCloseTo(1.2, within(0.1));
    assertThat(pace.describe())
        .isEqualTo(
            "nginx + HAProxy 191–209 µs per user-second where the runs' results rest (9.0 %); at"
                + " their mean pace: mean 1780, spread 2.4 %, CV 1.2 %");
  }

  @Test
  void fewerThanTwoPacedRunsHaveNoPace() {
    assertThat(MachinePace.of(List.of(run(1_790, 198.0), run(1_881, null)))).isNull();
  }

  private static RunSummary findMax(int ceiling, int peak, CpuSummary cpu) {
    RunSummary.InstanceSummary instance =
        new RunSummary.InstanceSummary(0, ceiling, peak, 1_000, List.of(), null, true, null, null);
    return new RunSummary(
        "t",
        "local",
        "local",
        "findMax",
        "2026-11-28T19:00:00Z",
        480,
        "PASSED",
        0,
        peak,
        List.of(instance),
        null,
        null,
        "QoS met",
        null,
        null,
        null,
        cpu,
        null,
        null,
        null);
  }

  private static TierCpu tier(String name, double cpuSeconds) {
    return new TierCpu(name, 1, cpuSeconds, cpuSeconds / 120, null);
  }

  private static RepeatSet.Member run(double peak, Double pace) {
    return new RepeatSet.Member("run", "PASSED", 0, peak, 0.78, 0.8, 0.76, 0.9, pace);
  }
}
