package dev.anemometer.driver.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.WindowVerdict;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosJudge;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.stats.Histograms;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TargetRunTest {

  private static final long SECOND_NANOS = 1_000_000_000L;

  /**
   * findMax with steps of 100 users for 10 s and probes judged for 60 s, all without ramps or
   * warm-ups; 20 s drains after a window that did not pass.
   */
  private static TargetRun findMax() {
    return findMax(Optional::empty);
  }

  /** The same search, reading the given machine counters. */
  private static TargetRun findMax(Supplier<Optional<MachineCpu>> machine) {
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 0, 1000, 4, 1);
    var path =
        new FindMaxLoadPathSpec(
            100,
            Duration.ofSeconds(10),
            Duration.ZERO,
            Duration.ZERO,
            Duration.ofSeconds(60),
            2.5,
            0,
            Duration.ofSeconds(60).multipliedBy(2),
            1000,
            0,
            0);
    QosJudge judge =
        new QosJudge(QosSpec.weathervaneDefaults().withoutMix(), HealthThresholds.DEFAULTS);
    return new TargetRun(new TargetSpec("app0", users, path), judge, 0, machine);
  }

  /** A second of 100 GetAuctionDetail at 100 ms, or at 10 s (five times its 2 s limit). */
  private static IntervalStats second(long index, boolean slow) {
    return second(index, slow, 100);
  }

  /** A second of {@code operations} GetAuctionDetail at 100 ms, or at 10 s. */
  private static IntervalStats second(long index, boolean slow, int operations) {
    return second(index, slow, operations, DriverHealth.NONE);
  }

  private static IntervalStats second(
      long index, boolean slow, int operations, DriverHealth health) {
    Histogram histogram = Histograms.empty();
    histogram.recordValueWithCount(slow ? 10_000_000 : 100_000, operations);
    var stats = new OperationStats(histogram, Histograms.empty(), Map.of());
    return new IntervalStats(
        index * SECOND_NANOS,
        (index + 1) * SECOND_NANOS,
        Map.of(OperationType.GET_AUCTION_DETAIL, stats),
        health);
  }

  /** Ticks second by second until the run has closed {@code windows} windows. */
  private static List<WindowResult> run(TargetRun target, int windows, LongPredicate slowAt) {
    List<WindowResult> closed = new ArrayList<>();
    for (long second = 0; closed.size() < windows && second < 1_000; second++) {
      target.advance(second * 1000, second * SECOND_NANOS, closed);
      target.add(second(second, slowAt.test(second)));
    }
    return closed;
  }

  @Test
  void aProbeWhoseStackCollapsesIsJudgedAfterThirtySecondsOfItNotAtTheEndOfItsWindow() {
    // Step 100 holds (0-10 s), step 200 collapses (10-20 s), the drain at 70 % lasts 20-40 s and
    // the probe at the bracket's geometric midpoint, 141, collapses from its start at 40 s.
    List<WindowResult> windows =
        run(findMax(), 3, second -> (second >= 10 && second < 20) || second >= 40);

    assertThat(windows).extracting(WindowResult::users).containsExactly(100, 200, 141);
    WindowResult probe = windows.get(2);
    assertThat(probe.startMillis()).isEqualTo(40_000);
    // Watched from its first tick in five-second cuts: six of them end it, not its 60 s.
    assertThat(probe.endMillis()).isEqualTo(71_000);
    assertThat(probe.verdict().passed()).isFalse();
  }

  @Test
  void aProbeThatHoldsRunsItsWholeWindow() {
    List<WindowResult> windows = run(findMax(), 3, second -> second >= 10 && second < 20);

    assertThat(windows.get(2).endMillis() - windows.get(2).startMillis()).isEqualTo(60_000);
    assertThat(windows.get(2).verdict().passed()).isTrue();
  }

  @Test
  void aWindowWithTheMachineAllButSpentPassesOnItsResponseTimesAndReportsItsBusyShare() {
    // 2 % of the machine idle throughout: the response times decide, the busy share is reported.
    long[] cpu = {0, 0};
    TargetRun target = findMax(() -> Optional.of(new MachineCpu(cpu[0], 0, cpu[1])));
    List<WindowResult> closed = new ArrayList<>();
    for (long second = 0; closed.isEmpty() && second < 100; second++) {
      target.advance(second * 1000, second * SECOND_NANOS, closed);
      target.add(second(second, false));
      cpu[0] += 1_960_000_000L;
      cpu[1] += 40_000_000L;
    }

    assertThat(closed.get(0).verdict().passed()).isTrue();
    assertThat(closed.get(0).machineBusyPercentOrNull()).isEqualTo(98.0);
    assertThat(TargetRun.steering(closed.get(0).verdict())).isEqualTo(WindowVerdict.PASSED);
  }

  @Test
  void aWindowTheDriverStarvedInIsRunAgainAndASecondInARowEndsTheSearchInvalid() {
    // The driver's event loops lag 500 ms in every second: each window is invalid, passing or not.
    TargetRun target = findMax();
    DriverHealth starved = new DriverHealth(500_000, 0.5, 0);
    List<WindowResult> closed = new ArrayList<>();
    for (long second = 0; !target.finished() && second < 200; second++) {
      target.advance(second * 1000, second * SECOND_NANOS, closed);
      target.add(second(second, false, 100, starved));
    }

    assertThat(closed).extracting(WindowResult::users).containsExactly(100, 100);
    assertThat(TargetRun.steering(closed.get(0).verdict())).isEqualTo(WindowVerdict.INVALID);
    // The second window ran after a drain: 20 s at 70 users.
    assertThat(closed.get(1).startMillis() - closed.get(0).endMillis()).isEqualTo(20_000);
    TargetResult result = target.result(null);
    assertThat(result.valid()).isFalse();
    assertThat(result.peakUsers()).isZero();
  }
}
