package dev.anemometer.harness.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.driver.operation.OperationType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShareNoiseTest {

  private static Map<OperationType, Long> interval(long logins, long polls) {
    return Map.of(OperationType.LOGIN, logins, OperationType.GET_NEXT_BID, polls);
  }

  @Test
  void burstsOfLongPollsWidenTheNoiseOfEveryShare() {
    // Logins steady at 100 per interval; polls 700 or 1,100 as bids come in bursts.
    List<Map<OperationType, Long>> intervals = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      intervals.add(interval(100, i % 2 == 0 ? 700 : 1_100));
    }

    ShareNoise noise = ShareNoise.of(intervals);

    // Shares 10 % and 90 % of 10,000; the login count's residual is ±20 in every interval (100
    // against 10 % of 800 or 1,200): sqrt(10 × 400 / (10 × 9)) / 1,000 = 0.00667.
    assertThat(noise.standardError(OperationType.LOGIN)).isCloseTo(0.00667, within(0.00001));
    assertThat(noise.standardError(OperationType.GET_NEXT_BID)).isCloseTo(0.00667, within(0.00001));
    // 6.7 % of the expected login share: twice the 3.2 % of 1,000 logins counted alone.
    MixMeasurement hold =
        new MixMeasurement(
            "instance-0",
            500,
            Map.of(OperationType.LOGIN, 1_000L, OperationType.GET_NEXT_BID, 9_000L),
            noise,
            Duration.ofMinutes(5));
    assertThat(hold.relativeNoise(OperationType.LOGIN, 10.0)).isCloseTo(0.0667, within(0.0001));
  }

  @Test
  void steadyIntervalsLeaveTheCountsOwnNoise() {
    List<Map<OperationType, Long>> intervals =
        new ArrayList<>(Collections.nCopies(8, interval(100, 900)));

    MixMeasurement hold =
        new MixMeasurement(
            "instance-0",
            500,
            Map.of(OperationType.LOGIN, 800L, OperationType.GET_NEXT_BID, 7_200L),
            ShareNoise.of(intervals),
            Duration.ofMinutes(5));

    assertThat(ShareNoise.of(intervals).standardError(OperationType.LOGIN)).isZero();
    assertThat(hold.relativeNoise(OperationType.LOGIN, 10.0))
        .isCloseTo(1 / Math.sqrt(800), within(1e-9));
  }

  @Test
  void tooFewIntervalsTellNothing() {
    ShareNoise noise = ShareNoise.of(Collections.nCopies(5, interval(100, 900)));

    assertThat(noise).isEqualTo(ShareNoise.UNKNOWN);
    assertThat(noise.standardError(OperationType.LOGIN)).isNaN();
  }
}
