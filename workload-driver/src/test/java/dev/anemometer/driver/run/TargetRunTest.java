package dev.anemometer.driver.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.loadpath.WindowVerdict;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.Headroom;
import dev.anemometer.driver.qos.QosJudge;
import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.qos.RuleResult;
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
   * warm-ups; 20 s recoveries after a failure.
   */
  private static TargetRun findMax() {
    return findMax(Headroom.OFF, Optional::empty);
  }

  /** The same search, with a headroom rule judged on the given machine counters. */
  private static TargetRun findMax(Headroom headroom, Supplier<Optional<MachineCpu>> machine) {
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
                10)
            .withHeadroom(headroom);
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
    Histogram histogram = Histograms.empty();
    histogram.recordValueWithCount(slow ? 10_000_000 : 100_000, operations);
    var stats = new OperationStats(histogram, Histograms.empty(), Map.of());
    return new IntervalStats(
        index * SECOND_NANOS,
        (index + 1) * SECOND_NANOS,
        Map.of(OperationType.GET_AUCTION_DETAIL, stats),
        DriverHealth.NONE);
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
    // Step 100 holds (0-10 s), step 200 collapses (10-20 s), the recovery at 70 % drains (20-40 s)
    // and the probe at 150 collapses from its start at 40 s.
    List<WindowResult> windows =
        run(findMax(), 3, second -> (second >= 10 && second < 20) || second >= 40);

    // The probe goes 7 % under the step that held.
    assertThat(windows).extracting(WindowResult::users).containsExactly(100, 200, 93);
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
  void aWindowThatPassedWithTheMachineAllButSpentFailsOnItsHeadroomAndIsNotRunAgain() {
    // Half the machine idle during the first step, 2 % during the second: its response times pass.
    long[] cpu = {0, 0};
    TargetRun target =
        findMax(new Headroom(5), () -> Optional.of(new MachineCpu(cpu[0], 0, cpu[1])));
    List<WindowResult> closed = new ArrayList<>();
    for (long second = 0; closed.size() < 2 && second < 100; second++) {
      target.advance(second * 1000, second * SECOND_NANOS, closed);
      target.add(second(second, false));
      boolean spent = second >= 10;
      cpu[0] += spent ? 1_960_000_000L : SECOND_NANOS;
      cpu[1] += spent ? 40_000_000L : SECOND_NANOS;
    }

    assertThat(closed.get(0).verdict().passed()).isTrue();
    assertThat(closed.get(0).verdict().results())
        .extracting(RuleResult::message)
        .contains("machine idle 50.0 % >= 5 %");
    assertThat(closed.get(1).verdict().failureMessages())
        .containsExactly("machine idle 2.0 % < 5 % (no headroom)");
    assertThat(TargetRun.steering(closed.get(1).verdict())).isEqualTo(WindowVerdict.NO_HEADROOM);
  }

  @Test
  void theProbesBusyShareReachesTheSearchWhichAimsTheNextProbeByIt() {
    // Each user of a step keeps 0.136 % of the machine busy: 95 % at 700 users. A probe's users,
    // no longer arriving, keep 0.119 % busy: 95 % at 800. The steps climb to 700 (ramping from 600
    // in its window: 87.5 % busy as the counters read it) and the 800 step leaves no headroom,
    // ramping and held; the first probe goes where the 700 ramp puts 94 %: its mean users, 650,
    // times 94 / 87.5, 698 (93 % of 700 is 651).
    long[] cpu = {0, 0};
    TargetRun target =
        findMax(new Headroom(5), () -> Optional.of(new MachineCpu(cpu[0], 0, cpu[1])));
    List<WindowResult> closed = new ArrayList<>();
    for (long second = 0; closed.size() < 11 && second < 1_000; second++) {
      target.advance(second * 1000, second * SECOND_NANOS, closed);
      // Half an operation per user and second: the throughput keeps up with the users.
      target.add(second(second, false, Math.max(1, target.users() / 2)));
      boolean step = target.phase() == LoadPhase.STEP;
      double busy = Math.min(1, target.users() * 0.95 / (step ? 700 : 800));
      cpu[0] += Math.round(2 * SECOND_NANOS * busy);
      cpu[1] += Math.round(2 * SECOND_NANOS * (1 - busy));
    }

    assertThat(closed)
        .extracting(WindowResult::users)
        .containsExactly(100, 200, 300, 400, 500, 600, 700, 800, 800, 698, 753);
    // 698 users took 82.9 % of the machine, taken as 5 % more for it is one window: 94 % (one point
    // inside the edge) is 753 users, past the middle up to the failing step (749).
    assertThat(closed.get(10).verdict().passed()).isTrue();
  }

  @Test
  void withoutCountersTheHeadroomRuleIsLeftOut() {
    List<WindowResult> closed = new ArrayList<>();
    TargetRun target = findMax(new Headroom(5), Optional::empty);
    for (long second = 0; closed.isEmpty() && second < 100; second++) {
      target.advance(second * 1000, second * SECOND_NANOS, closed);
      target.add(second(second, false));
    }

    assertThat(closed.get(0).verdict().passed()).isTrue();
    assertThat(closed.get(0).verdict().results())
        .extracting(RuleResult::rule)
        .doesNotContain(QosRule.HEADROOM);
  }
}
