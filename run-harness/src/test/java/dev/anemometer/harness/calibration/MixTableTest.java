package dev.anemometer.harness.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.operation.OperationType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MixTableTest {

  @TempDir Path dir;

  private static final Map<OperationType, Double> EXPECTED =
      Map.of(
          OperationType.LOGIN,
          10.0,
          OperationType.JOIN_AUCTION,
          20.0,
          OperationType.GET_NEXT_BID,
          70.0);

  private static MixMeasurement measured(int users, long logins, long joins, long polls) {
    Map<OperationType, Long> counts = new EnumMap<>(OperationType.class);
    counts.put(OperationType.LOGIN, logins);
    counts.put(OperationType.JOIN_AUCTION, joins);
    counts.put(OperationType.GET_NEXT_BID, polls);
    return new MixMeasurement("instance-0", users, counts);
  }

  @Test
  void aSweepHoldsEachLoadAfterARampAndASettleAndMeasuresOnlyTheHold() {
    // Ramps over a session's length times the rise's share: 105 s × 1500 / 2000; the first, onto
    // a cold stack, three times as long: 3 × 105 s × 450 / 500.
    var plan =
        new CalibrationPlan(
            List.of(500, 2000),
            Duration.ofSeconds(30),
            Duration.ofSeconds(90),
            Duration.ofMinutes(5));

    assertThat(plan.assignments(1))
        .containsExactly(
            "strategy=interval",
            "appInstances[0].loadPath={type: interval, segments: ["
                + "{type: ramp, from: 50, to: 500, duration: 285s}, "
                + "{type: uniform, users: 500, duration: 90s}, "
                + "{type: uniform, users: 500, duration: 5m}, "
                + "{type: ramp, from: 500, to: 2000, duration: 79s}, "
                + "{type: uniform, users: 2000, duration: 90s}, "
                + "{type: uniform, users: 2000, duration: 5m}]}");
    assertThat(plan.holdWindow(0)).isEqualTo(2);
    assertThat(plan.holdWindow(1)).isEqualTo(5);
    assertThat(plan.length()).isEqualTo(Duration.ofSeconds(285 + 90 + 300 + 79 + 90 + 300));
    assertThat(plan.ramp(4000, 500)).isEqualTo(Duration.ofSeconds(30));
    assertThat(plan.ramp(4000, 4100)).isEqualTo(Duration.ofSeconds(30));
  }

  @Test
  void eachLoadMayHoldForItsOwnTime() {
    var plan =
        new CalibrationPlan(
            List.of(500, 2000),
            Duration.ofSeconds(30),
            Duration.ofSeconds(90),
            List.of(Duration.ofMinutes(15), Duration.ofMinutes(6)));

    assertThat(plan.assignments(1).get(1))
        .contains("{type: uniform, users: 500, duration: 15m}")
        .contains("{type: uniform, users: 2000, duration: 6m}");
    assertThat(plan.length()).isEqualTo(Duration.ofSeconds(285 + 90 + 900 + 79 + 90 + 360));
  }

  @Test
  void aShareWithinThreePercentIsCalibratedAndOneBeyondItAndItsNoiseIsOff() {
    // 100,000 operations: the noise of a 20 % share is ±0.9 % (2 sd): 4 % off is off.
    MixMeasurement onTarget = measured(500, 10_000, 20_400, 69_600);
    MixMeasurement joinsHigh = measured(2000, 10_000, 20_800, 69_200);

    MixTable table = new MixTable(EXPECTED, List.of(onTarget, joinsHigh));

    assertThat(onTarget.verdict(OperationType.JOIN_AUCTION, 20.0))
        .isEqualTo(MixMeasurement.Verdict.WITHIN);
    assertThat(table.offCalibration())
        .containsExactly("instance-0 at 2000 users: JoinAuction 20.80 % against 20.00 % (× 1.040)");
    assertThat(table.calibrated()).isFalse();
  }

  @Test
  void aShortHoldIsJudgedWithinItsCountingNoise() {
    // 1,000 operations: 20 % ± 2.8 % (2 sd of 200 expected): 5 % off is noise, not a defect.
    MixMeasurement small = measured(100, 100, 210, 690);

    assertThat(small.verdict(OperationType.JOIN_AUCTION, 20.0))
        .isEqualTo(MixMeasurement.Verdict.WITHIN_NOISE);
    assertThat(small.perSession(OperationType.JOIN_AUCTION)).isEqualTo("2.10");
  }

  @Test
  void readsTheHoldsFromTheDriversWindowsAndWritesOneCsvRowPerLoadAndOperation() throws Exception {
    var plan =
        new CalibrationPlan(
            List.of(500), Duration.ofSeconds(30), Duration.ofSeconds(90), Duration.ofMinutes(5));
    Path windows = dir.resolve("windows.jsonl");
    Files.writeString(
        windows,
        """
        {"target":"instance-0","index":1,"users":500,"operations":[{"operation":"Login","count":7}]}
        {"target":"instance-0","index":2,"users":500,"operations":[\
        {"operation":"Login","count":100},{"operation":"JoinAuction","count":200},\
        {"operation":"GetNextBid","count":700}]}
        """);

    MixTable table = MixTable.read(dir, plan);
    table.writeCsv(dir.resolve("calibration.csv"));

    assertThat(table.measurements())
        .singleElement()
        .extracting(MixMeasurement::total)
        .isEqualTo(1000L);
    assertThat(dir.resolve("calibration.csv"))
        .content()
        .startsWith(
            "target,users,operation,expected_percent,percent,ratio,count,noise_percent,verdict\n")
        .contains("instance-0,500,JoinAuction,4.69,20.000,4.2644,200,14.60,off");
  }

  @Test
  void aHoldThatRanOverItsLimitsIsNotJudgedAndSaysWhichRulesItFailed() throws Exception {
    // A hold at 1,500 users that began as both database pools ran dry; 3,424 failed
    // operations started their sessions over, and the logins ran at 1.079 times their share.
    var plan =
        new CalibrationPlan(
            List.of(500, 1000),
            Duration.ofSeconds(30),
            Duration.ofSeconds(90),
            Duration.ofMinutes(5));
    Path windows = dir.resolve("windows.jsonl");
    Files.writeString(
        windows,
        """
        {"target":"instance-0","index":2,"users":500,"operations":[        {"operation":"Login","count":100,"rules":[        {"rule":"RESPONSE_TIME","passed":true,"message":"Login p99 40 ms <= 3 s"},        {"rule":"MIX","passed":false,"message":"Login mix 4 % outside 2.35 % ± 20 %"}]},        {"operation":"JoinAuction","count":200},{"operation":"GetNextBid","count":700}]}
        {"target":"instance-0","index":5,"users":1000,"operations":[        {"operation":"Login","count":100,"rules":[        {"rule":"RESPONSE_TIME","passed":false,"message":"Login p99 13.3 s > 3 s"},        {"rule":"FAILURES","passed":false,"message":"Login failures 2.4 % > 0.5 %"}]},        {"operation":"JoinAuction","count":200},{"operation":"GetNextBid","count":700}]}
        """);

    MixTable table = MixTable.read(dir, plan);

    // A mix outside the QoS rule's band is no limit of the stack's: the 500-user hold is judged.
    assertThat(table.measurements().get(0).overloaded()).isFalse();
    assertThat(table.measurements().get(1).overLimits())
        .containsExactly("Login p99 13.3 s > 3 s", "Login failures 2.4 % > 0.5 %");
    assertThat(table.overloaded())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith(
            "instance-0 at 1000 users: the hold ran over its limits (Login p99 13.3 s > 3 s, and 1"
                + " more)")
        .contains("ramp slower, settle longer or hold a lower load");
    // Its shares are shown, but not called off: they are the overload's.
    assertThat(table.header())
        .containsExactly(
            "operation", "expected %", "500 users %", "ratio", "1000 users %", "not judged");
    assertThat(table.offCalibration()).noneMatch(line -> line.contains("1000 users"));
    table.writeCsv(dir.resolve("calibration.csv"));
    assertThat(dir.resolve("calibration.csv"))
        .content()
        .contains("instance-0,1000,JoinAuction,4.69,20.000,4.2644,200,14.60,not_judged");
    // Shares on calibration do not make up for the limits.
    MixMeasurement onShare = measured(1000, 10_000, 20_000, 70_000);
    MixMeasurement overLimits =
        new MixMeasurement(
            "instance-0",
            1000,
            onShare.counts(),
            ShareNoise.UNKNOWN,
            Duration.ZERO,
            List.of("Login p99 13.3 s > 3 s"));
    assertThat(new MixTable(EXPECTED, List.of(onShare)).calibrated()).isTrue();
    assertThat(new MixTable(EXPECTED, List.of(overLimits)).calibrated()).isFalse();
  }

  @Test
  void aShareThatBurstsIsJudgedOnTheSpreadOfItsHoldsIntervals() throws Exception {
    // 10 intervals inside the hold (60-160 s), one before it and one straddling its end. Logins
    // come steadily; polls in bursts of 600 or 1,000. 8.9 % logins against 10 % is 11 % off: off
    // by the counts alone (2 sd of 1,000 expected is 6.3 %), within the intervals' spread.
    StringBuilder intervals = new StringBuilder();
    intervals.append(interval(50_000, 60_000, 5_000, 5_000));
    for (int i = 0; i < 10; i++) {
      intervals.append(
          interval(60_000 + i * 10_000L, 70_000 + i * 10_000L, 89, i % 2 == 0 ? 511 : 1_311));
    }
    intervals.append(interval(155_000, 165_000, 5_000, 5_000));
    Files.writeString(dir.resolve("intervals.jsonl"), intervals);
    Path windows = dir.resolve("windows.jsonl");
    Files.writeString(
        windows,
        """
        {"target":"instance-0","index":2,"users":500,"startMillis":60000,"endMillis":160000,\
        "operations":[{"operation":"Login","count":890},{"operation":"GetNextBid","count":9110}]}
        """);
    var plan =
        new CalibrationPlan(
            List.of(500), Duration.ofSeconds(30), Duration.ofSeconds(90), Duration.ofMinutes(5));
    Map<OperationType, Double> expected =
        Map.of(OperationType.LOGIN, 10.0, OperationType.GET_NEXT_BID, 90.0);

    MixMeasurement hold = MixTable.read(dir, plan).measurements().get(0);
    MixMeasurement countsAlone = new MixMeasurement("instance-0", 500, hold.counts());

    assertThat(countsAlone.verdict(OperationType.LOGIN, 10.0, 2))
        .isEqualTo(MixMeasurement.Verdict.OFF);
    assertThat(hold.verdict(OperationType.LOGIN, 10.0, 2))
        .isEqualTo(MixMeasurement.Verdict.WITHIN_NOISE);
    assertThat(new MixTable(expected, List.of(hold)).precision())
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .startsWith("instance-0 at 500 users: shares known to ±")
        .contains("(1 sd; Login the widest)")
        .contains("to judge at ±3 %, hold about");
  }

  private static String interval(long from, long to, long logins, long polls) {
    return String.format(
        "{\"target\":\"instance-0\",\"fromMillis\":%d,\"toMillis\":%d,\"operations\":["
            + "{\"operation\":\"Login\",\"count\":%d},"
            + "{\"operation\":\"GetNextBid\",\"count\":%d}]}%n",
        from, to, logins, polls);
  }
}
