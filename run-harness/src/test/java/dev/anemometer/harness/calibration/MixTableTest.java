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
    // Ramps over a session's length times the rise's share: 105 s × 450 / 500, 105 s × 1500 / 2000.
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
                + "{type: ramp, from: 50, to: 500, duration: 95s}, "
                + "{type: uniform, users: 500, duration: 90s}, "
                + "{type: uniform, users: 500, duration: 5m}, "
                + "{type: ramp, from: 500, to: 2000, duration: 79s}, "
                + "{type: uniform, users: 2000, duration: 90s}, "
                + "{type: uniform, users: 2000, duration: 5m}]}");
    assertThat(plan.holdWindow(0)).isEqualTo(2);
    assertThat(plan.holdWindow(1)).isEqualTo(5);
    assertThat(plan.length()).isEqualTo(Duration.ofSeconds(95 + 90 + 300 + 79 + 90 + 300));
    assertThat(plan.ramp(4000, 500)).isEqualTo(Duration.ofSeconds(30));
    assertThat(plan.ramp(4000, 4100)).isEqualTo(Duration.ofSeconds(30));
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

    MixTable table = MixTable.read(windows, plan);
    table.writeCsv(dir.resolve("calibration.csv"));

    assertThat(table.measurements())
        .singleElement()
        .extracting(MixMeasurement::total)
        .isEqualTo(1000L);
    assertThat(dir.resolve("calibration.csv"))
        .content()
        .startsWith("target,users,operation,expected_percent,percent,ratio,count,verdict\n")
        .contains("instance-0,500,JoinAuction,4.69,20.000,4.2644,200,off");
  }
}
