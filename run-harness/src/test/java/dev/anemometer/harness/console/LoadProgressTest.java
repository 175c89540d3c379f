package dev.anemometer.harness.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosRule;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.qos.RuleResult;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoadProgressTest {

  private static final QosVerdict PASSED = new QosVerdict(true, List.of(), List.of());
  private static final QosVerdict P99_AND_MIX_FAILED =
      new QosVerdict(
          false,
          List.of(
              new RuleResult(
                  OperationType.PLACE_BID,
                  QosRule.RESPONSE_TIME,
                  false,
                  "PlaceBid p99 2.5 s > 2 s (0 % within)"),
              new RuleResult(
                  OperationType.HOME_PAGE,
                  QosRule.MIX,
                  false,
                  "HomePage mix 1 % outside 2 % ± 20 %"),
              new RuleResult(
                  OperationType.LOGIN, QosRule.RESPONSE_TIME, true, "Login p99 12 ms ≤ 2 s")),
          List.of());

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  private String text() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aLogGetsOnePlainLinePerIntervalWithBarPhaseUsersThroughputP99AndVerdict() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onStatus(report(LoadPhase.WARM_UP, 40_000, 50_000, PASSED));
    progress.onStatus(report(LoadPhase.QOS, 50_000, 60_000, PASSED));
    progress.onStatus(report(LoadPhase.QOS, 50_000, 120_000, PASSED));

    List<String> lines = text().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1))
        .contains("instance-0 [#####...................]  20 % 1:00/5:00 QOS        0:10")
        .contains("users   300")
        .contains("ops/s    30.0")
        .contains("p99     12 ms (PlaceBid)")
        .endsWith("QoS pass");
    assertThat(lines.get(2)).contains(" 40 % 2:00/5:00 QOS        1:10");
  }

  @Test
  void eachFindMaxStepCountsItsTimeFromZeroThoughThePhaseStaysTheSame() {
    LoadProgress progress = new LoadProgress(out, Duration.ZERO, false);

    progress.onStatus(report(LoadPhase.STEP, 60_000, 70_000, PASSED));
    progress.onStatus(report(LoadPhase.STEP, 60_000, 120_000, PASSED));
    progress.onWindow(window(PASSED));
    progress.onStatus(report(LoadPhase.STEP, 120_000, 130_000, PASSED));
    progress.onStatus(report(LoadPhase.STEP, 120_000, 180_000, PASSED));

    assertThat(timesInStep(text())).containsExactly("0:10", "1:00", "0:10", "1:00");
  }

  @Test
  void aTerminalStartsANewLineWithEachFindMaxStep() {
    LoadProgress progress = new LoadProgress(out, Duration.ZERO, true);

    progress.onStatus(report(LoadPhase.STEP, 60_000, 120_000, PASSED));
    progress.onStatus(report(LoadPhase.STEP, 120_000, 130_000, PASSED));

    // the first step's last state stays on screen; the second step gets its own line
    assertThat(text()).containsOnlyOnce("\n").endsWith("QoS pass");
    assertThat(timesInStep(text().substring(0, text().indexOf('\n')))).containsExactly("1:00");
    assertThat(timesInStep(text().substring(text().indexOf('\n')))).containsExactly("0:10");
  }

  @Test
  void aLogHasNoEscapeCodesOrCarriageReturnsWhateverHappens() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onStatus(report(LoadPhase.RAMP_UP, 10_000, P99_AND_MIX_FAILED));
    progress.onStatus(report(LoadPhase.QOS, 20_000, P99_AND_MIX_FAILED));
    progress.onStatus(report(LoadPhase.QOS, 30_000, invalid("driver CPU 93 % > 90 %")));
    progress.onWindow(window(P99_AND_MIX_FAILED));

    assertThat(text()).doesNotContain("\r").doesNotContain("\u001b");
    assertThat(text().lines()).hasSize(4).allSatisfy(line -> assertThat(line).isNotBlank());
  }

  @Test
  void aFailedQosIntervalNamesTheFirstFailedRuleAndHowManyMoreFailed() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onStatus(report(LoadPhase.QOS, 130_000, P99_AND_MIX_FAILED));

    assertThat(text().strip())
        .endsWith("QoS FAIL: PlaceBid p99 2.5 s > 2 s (0 % within) (+1 more)")
        .doesNotContain("Login");
  }

  @Test
  void intervalsOutsideTheQosPhaseAreNotJudgedEvenWhenTheirRulesFail() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onStatus(report(LoadPhase.RAMP_UP, 10_000, P99_AND_MIX_FAILED));
    progress.onStatus(report(LoadPhase.WARM_UP, 40_000, P99_AND_MIX_FAILED));

    assertThat(text().lines())
        .allSatisfy(line -> assertThat(line).endsWith("QoS not judged").doesNotContain("FAIL"));
  }

  @Test
  void anIntervalWhereTheDriverWasTheBottleneckSaysWhy() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onStatus(report(LoadPhase.QOS, 30_000, invalid("driver CPU 93 % > 90 %")));

    assertThat(text().strip()).endsWith("QoS pass  INVALID: driver CPU 93 % > 90 %");
  }

  @Test
  void aWindowVerdictListsEveryFailedRule() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onWindow(window(P99_AND_MIX_FAILED));

    assertThat(text().strip())
        .isEqualTo(
            "instance-0 window 2 at 300 users: FAIL: PlaceBid p99 2.5 s > 2 s (0 % within);"
                + " HomePage mix 1 % outside 2 % ± 20 %");
  }

  @Test
  void aWindowFailingManyRulesNamesTheFirstThreeAndCountsTheRest() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);
    List<RuleResult> failed = new java.util.ArrayList<>();
    for (OperationType operation : List.of(OperationType.values()).subList(0, 5)) {
      failed.add(
          new RuleResult(operation, QosRule.MIX, false, operation.displayName() + " mix off"));
    }

    progress.onWindow(window(new QosVerdict(false, failed, List.of())));

    assertThat(text().strip())
        .endsWith(failed.get(2).message() + " (+2 more in report.html)")
        .doesNotContain(failed.get(3).message());
  }

  @Test
  void aTerminalRewritesTheLineWithABarInPlaceAndStartsANewLinePerPhase() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), true);

    progress.onStatus(report(LoadPhase.WARM_UP, 40_000, 50_000, PASSED));
    progress.onStatus(report(LoadPhase.WARM_UP, 40_000, 60_000, PASSED));
    assertThat(text())
        .startsWith("\r")
        .doesNotContain("\n")
        .contains("\r           instance-0 [#####...................]  20 % 1:00/5:00 WARM_UP");

    progress.onStatus(report(LoadPhase.QOS, 70_000, PASSED));

    // the warm-up's last state stays on screen; the QoS phase gets its own line
    assertThat(text()).containsOnlyOnce("\n").contains("WARM_UP").endsWith("QoS pass");
    assertThat(text().substring(text().indexOf('\n'))).startsWith("\n\r").contains(" QOS ");
  }

  @Test
  void aTerminalEndsTheLiveLineBeforeAWindowVerdict() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), true);

    progress.onStatus(report(LoadPhase.QOS, 60_000, PASSED));
    progress.onWindow(window(PASSED));

    assertThat(text()).contains("QoS pass\n").endsWith("window 2 at 300 users: PASS\n");
  }

  @Test
  void aWindowJudgedOnItsHeadroomShowsHowBusyTheMachineWas() {
    LoadProgress progress = new LoadProgress(out, Duration.ZERO, false);

    progress.onWindow(
        new WindowResult("instance-0", 8, 60_000, 120_000, 3_439, stats(), PASSED, 87.94));

    assertThat(text()).endsWith("window 9 at 3439 users (machine 87.9 % busy): PASS\n");
  }

  @Test
  void findMaxIsOpenEndedSoTheBarShowsTheElapsedTime() {
    LoadProgress progress = new LoadProgress(out, Duration.ZERO, true);

    progress.onStatus(report(LoadPhase.QOS, 65_000, PASSED));

    assertThat(text()).startsWith("\r").contains("instance-0 [1:05] QOS").doesNotContain("\n");
  }

  /** The time in phase shown after each {@code STEP}. */
  private static List<String> timesInStep(String text) {
    return Pattern.compile("STEP +(\\d+:\\d\\d)")
        .matcher(text)
        .results()
        .map(m -> m.group(1))
        .toList();
  }

  private static QosVerdict invalid(String reason) {
    return new QosVerdict(true, List.of(), List.of(reason));
  }

  private static WindowResult window(QosVerdict verdict) {
    return new WindowResult("instance-0", 1, 60_000, 120_000, 300, stats(), verdict, Double.NaN);
  }

  /** The report of an interval that began its segment. */
  private static StatusReport report(LoadPhase phase, long elapsedMillis, QosVerdict verdict) {
    return report(phase, elapsedMillis - 10_000, elapsedMillis, verdict);
  }

  private static StatusReport report(
      LoadPhase phase, long segmentStartMillis, long elapsedMillis, QosVerdict verdict) {
    return new StatusReport(
        "instance-0", elapsedMillis, 300, phase, segmentStartMillis, stats(), verdict);
  }

  /** Ten seconds of 300 PlaceBid at 12 ms. */
  private static IntervalStats stats() {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(12_000, 300);
    return new IntervalStats(
        0,
        10_000_000_000L,
        Map.of(OperationType.PLACE_BID, new OperationStats(latency, latency.copy(), Map.of())),
        DriverHealth.NONE);
  }
}
