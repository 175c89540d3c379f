package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.harness.deploy.TierProcess;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowCpuTest {

  static final long SECOND = 1_000_000_000L;

  static final TierProcess DB = new TierProcess("db", 0, "instance-0-postgres", 10);
  static final TierProcess APP_0 = new TierProcess("app", 0, "instance-0-app-0", 11);
  static final TierProcess APP_1 = new TierProcess("app", 0, "instance-0-app-1", 12);
  static final TierProcess OTHER_DB = new TierProcess("db", 1, "instance-1-postgres", 20);
  static final TierProcess STOPPED = new TierProcess("lb", 0, "instance-0-haproxy-0", 13);

  @Test
  void coresAreCpuOverWallAndCostPerUserIsCpuOverUsersTimesWall() {
    CpuSample start =
        sample(5 * SECOND, Map.of(DB, 1.0, APP_0, 2.0, OTHER_DB, 7.0, STOPPED, 3.0), 1);
    // app-1 started during the window; the HAProxy ended in it; instance-1 is another target's.
    CpuSample end = sample(15 * SECOND, Map.of(DB, 3.0, APP_0, 6.0, APP_1, 1.5, OTHER_DB, 9.0), 2);

    WindowCpu window = WindowCpu.between(window(3, 100, true), 0, start, end, 200);

    assertThat(window.wallSeconds()).isEqualTo(10.0);
    assertThat(window.tiers())
        .containsExactly(
            new TierCpu("db", 1, 2.0, 0.2, 2000.0),
            new TierCpu("app", 2, 5.5, 0.55, 5500.0),
            new TierCpu("harness", 1, 1.0, 0.1, 500.0),
            new TierCpu("total", 4, 8.5, 0.85, 8500.0));
  }

  @Test
  void theHarnessRowCountsTheDriversWorkerProcessesBesideThisJvm() {
    CpuSample start = sample(0, Map.of(DB, 1.0), 1);
    CpuSample end = sample(10 * SECOND, Map.of(DB, 2.0), 4);
    CpuSample withTwoWorkers =
        new CpuSample(end.nanoTime(), end.processes(), end.harnessCpuNanos(), 3, null);

    WindowCpu window = WindowCpu.between(window(3, 100, true), 0, start, withTwoWorkers, 100);

    assertThat(window.tiers())
        .containsExactly(
            new TierCpu("db", 1, 1.0, 0.1, 1000.0),
            new TierCpu("harness", 3, 3.0, 0.3, 3000.0),
            new TierCpu("total", 4, 4.0, 0.4, 4000.0));
  }

  @Test
  void whatTheMachineDidBesidesTheRunIsOtherAndWhatTheHypervisorTookIsSteal() {
    CpuSample start = withMachine(sample(5 * SECOND, Map.of(DB, 1.0, OTHER_DB, 7.0), 1), 100, 3);
    // The machine was busy 9 s: the tiers of both instances 4 s, the harness 1 s, the rest 4 s.
    CpuSample end = withMachine(sample(15 * SECOND, Map.of(DB, 3.0, OTHER_DB, 9.0), 2), 109, 5);

    WindowCpu window = WindowCpu.between(window(3, 100, true), 0, start, end, 200);

    assertThat(window.tiers())
        .endsWith(
            new TierCpu("other", 0, 4.0, 0.4, 2000.0), new TierCpu("steal", 0, 2.0, 0.2, 1000.0));
  }

  private static CpuSample withMachine(CpuSample sample, double busySeconds, double steal) {
    return new CpuSample(
        sample.nanoTime(),
        sample.processes(),
        sample.harnessCpuNanos(),
        sample.harnessProcesses(),
        new MachineCpu(Math.round(busySeconds * SECOND), Math.round(steal * SECOND), 0));
  }

  @Test
  void noUsersMeansNoCostPerUser() {
    CpuSample start = sample(0, Map.of(DB, 1.0), 0);
    CpuSample end = sample(2 * SECOND, Map.of(DB, 2.0), 0);

    WindowCpu window = WindowCpu.between(window(0, 0, false), 0, start, end, 0);

    assertThat(window.tiers().get(0)).isEqualTo(new TierCpu("db", 1, 1.0, 0.5, null));
  }

  static WindowResult window(int index, int users, boolean passed) {
    return new WindowResult(
        "instance-0",
        index,
        60_000,
        70_000,
        users,
        IntervalStats.empty(0, 0),
        new QosVerdict(passed, List.of(), List.of()),
        Double.NaN);
  }

  static CpuSample sample(long nanoTime, Map<TierProcess, Double> cpuSeconds, double harness) {
    Map<String, CpuSample.Counted> counted = new LinkedHashMap<>();
    List.of(DB, APP_0, APP_1, OTHER_DB, STOPPED).stream()
        .filter(cpuSeconds::containsKey)
        .forEach(
            p ->
                counted.put(
                    CpuSample.key(p),
                    new CpuSample.Counted(p, Math.round(cpuSeconds.get(p) * SECOND))));
    return new CpuSample(nanoTime, counted, Math.round(harness * SECOND));
  }
}
