package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuSummaryTest {

  @Test
  void aFindMaxResultRestsOnThePassingProbeAtThePeak() {
    List<WindowCpu> windows =
        List.of(
            window("instance-0", 0, 500, true),
            window("instance-0", 1, 1000, true),
            window("instance-0", 2, 2000, false),
            window("instance-0", 3, 1500, true),
            window("instance-0", 4, 1750, false));

    CpuSummary summary = CpuSummary.of(windows, Map.of("instance-0", 1500));

    assertThat(summary.measured()).isTrue();
    assertThat(summary.peak()).extracting(WindowCpu::index).containsExactly(3);
    assertThat(summary.windows()).hasSize(5);
  }

  @Test
  void otherStrategiesRestOnTheLastWindowOfEachTarget() {
    List<WindowCpu> windows =
        List.of(
            window("instance-1", 0, 100, true),
            window("instance-0", 0, 100, true),
            window("instance-1", 1, 100, false));

    assertThat(CpuSummary.of(windows, Map.of()).peak())
        .extracting(w -> w.target() + "#" + w.index())
        .containsExactly("instance-0#0", "instance-1#1");
  }

  @Test
  void aQuietMachineHasNoOtherProcessesToReport() {
    assertThat(
            CpuSummary.of(List.of(withOther(0, 500, 0.03), withOther(1, 1000, 0.07)), Map.of())
                .otherProcesses())
        .isNull();
  }

  @Test
  void windowsInWhichOtherProcessesTookATenthOfACoreAreCountedWithTheWorst() {
    // A findMax beside a build and its tests at the lowest priority.
    List<WindowCpu> windows =
        List.of(
            withOther(0, 500, 0.90),
            withOther(1, 1000, 0.65),
            withOther(2, 1500, 0.04),
            withOther(3, 2735, 0.38));

    CpuSummary.OtherProcesses other = CpuSummary.of(windows, Map.of()).otherProcesses();

    assertThat(other.thresholdCores()).isEqualTo(0.1);
    assertThat(other.windows()).isEqualTo(3);
    assertThat(other.judgedWindows()).isEqualTo(4);
    assertThat(other.maxCores()).isEqualTo(0.90);
    assertThat(other.maxWindow()).isZero();
    assertThat(other.maxUsers()).isEqualTo(500);
  }

  @Test
  void anUnavailableMeasurementSaysWhy() {
    CpuSummary summary = CpuSummary.unavailable("not on compose");

    assertThat(summary.measured()).isFalse();
    assertThat(summary.note()).isEqualTo("not on compose");
    assertThat(summary.peak()).isNull();
  }

  private static WindowCpu withOther(int index, int users, double otherCores) {
    return new WindowCpu(
        "instance-0",
        index,
        0,
        60_000,
        users,
        true,
        60,
        List.of(
            new TierCpu("app", 2, 60, 1.0, 500.0),
            new TierCpu("other", 0, otherCores * 60, otherCores, null)));
  }

  private static WindowCpu window(String target, int index, int users, boolean passed) {
    return new WindowCpu(target, index, 0, 60_000, users, passed, 60, List.of());
  }
}
