package dev.anemometer.driver.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.qos.RuleResult;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailedAbovePeakTest {

  private static final IntervalStats NONE = IntervalStats.empty(0, 0);

  @Test
  void namesTheLatestFailingWindowAtTheLowestCountAboveThePeak() {
    // A run whose climb's unwarmed 3,000 step collapsed, a probe at 3,000 held,
    // the verification at 3,000 failed narrowly and the answer became 2,937. What stopped the
    // search is the verification's rule, not the collapse of the step minutes before.
    List<WindowResult> windows =
        List.of(
            window(5, 2_500, null),
            window(6, 3_000, "HomePage p99 7.7 s > 2 s"),
            window(9, 3_000, null),
            window(10, 3_500, "Login p99 4.1 s > 3 s"),
            window(12, 3_000, "GetAuctionDetail p99 2.61 s > 2 s"),
            window(13, 2_937, null));

    DriverSummary summary = OutputDirectory.summary(run(windows, 2_937));

    assertThat(summary.targets().get(0).failedAbovePeak())
        .containsExactly("GetAuctionDetail p99 2.61 s > 2 s");
  }

  @Test
  void skipsAWindowTheDriverInvalidated() {
    // A probe at 1,500 failed on the stack's own response time; the latest window there had the
    // driver's event loop lagging, so what it measured is the driver's delay, not the stack's.
    List<WindowResult> windows =
        List.of(
            window(0, 1_000, null),
            window(1, 1_500, "Login p99 3.4 s > 3 s"),
            window(2, 1_250, null),
            invalid(window(3, 1_500, "HomePage p99 3.1 s > 2 s")));

    DriverSummary summary = OutputDirectory.summary(run(windows, 1_250));

    assertThat(summary.targets().get(0).failedAbovePeak()).containsExactly("Login p99 3.4 s > 3 s");
  }

  @Test
  void namesNothingWithoutAPeak() {
    DriverSummary summary =
        OutputDirectory.summary(run(List.of(window(0, 100, "Login p99 4 s > 3 s")), null));

    assertThat(summary.targets().get(0).failedAbovePeak()).isEmpty();
  }

  private static WindowResult window(int index, int users, String failure) {
    QosVerdict verdict =
        failure == null
            ? new QosVerdict(true, List.of(), List.of())
            : new QosVerdict(
                false,
                List.of(
                    new RuleResult(
                        OperationType.LOGIN, QosRule.RESPONSE_TIME, false, failure, 1.5)),
                List.of());
    return new WindowResult(
        "instance-0",
        index,
        index * 60_000L,
        index * 60_000L + 60_000,
        users,
        NONE,
        verdict,
        Double.NaN);
  }

  private static WindowResult invalid(WindowResult window) {
    QosVerdict verdict =
        new QosVerdict(
            false, window.verdict().results(), List.of("driver event-loop lag 913 ms > 100 ms"));
    return new WindowResult(
        window.targetId(),
        window.index(),
        window.startMillis(),
        window.endMillis(),
        window.users(),
        window.stats(),
        verdict,
        Double.NaN);
  }

  private static RunResult run(List<WindowResult> windows, Integer peak) {
    TargetResult target =
        new TargetResult(
            "instance-0",
            windows,
            NONE,
            NONE,
            new QosVerdict(true, List.of(), List.of()),
            peak,
            null,
            true,
            true,
            new AcknowledgedBids());
    return new RunResult("findmax", List.of(target), true, true, false, null);
  }
}
