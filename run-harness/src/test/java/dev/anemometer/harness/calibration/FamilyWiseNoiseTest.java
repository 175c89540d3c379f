package dev.anemometer.harness.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FamilyWiseNoiseTest {

  @Test
  void oneShareMayReachTwoDeviationsAndFortyEightTogetherAboutThreeAndAThird() {
    assertThat(FamilyWiseNoise.upperTail(1.96)).isCloseTo(0.025, within(1e-5));
    assertThat(FamilyWiseNoise.sigmas(1)).isEqualTo(2.0);
    // P(|Z| > z) = 5 % / 48: z = 3.28.
    assertThat(FamilyWiseNoise.sigmas(48)).isCloseTo(3.28, within(0.01));
  }

  /**
   * Sweeps of a behaviour exactly on calibration (every count drawn around its expected share, at
   * the counts of a 5-minute hold at 500, 1,000 and 1,300 users): judged at two deviations a share,
   * nearly every sweep has some share "off"; judged together, about one in twenty.
   */
  @Test
  void aBehaviourOnCalibrationPassesNineteenSweepsInTwentyInsteadOfOneInTen() {
    Map<OperationType, Double> expected = QosSpec.weathervaneDefaults().expectedMixPercent();
    Random random = new Random(7);
    int sweeps = 400;
    int failedTogether = 0;
    int failedAlone = 0;
    for (int sweep = 0; sweep < sweeps; sweep++) {
      List<MixMeasurement> holds = new ArrayList<>();
      for (long total : new long[] {61_554, 125_294, 161_483}) {
        holds.add(onCalibration(expected, total, random));
      }
      MixTable table = new MixTable(expected, holds);
      failedTogether += table.calibrated() ? 0 : 1;
      failedAlone += anyOffAlone(holds, expected) ? 1 : 0;
    }
    assertThat(failedAlone).isGreaterThan(sweeps * 7 / 10);
    assertThat(failedTogether).isLessThan(sweeps / 10);
  }

  private static MixMeasurement onCalibration(
      Map<OperationType, Double> expected, long total, Random random) {
    Map<OperationType, Long> counts = new EnumMap<>(OperationType.class);
    expected.forEach(
        (type, percent) -> {
          double mean = percent / 100 * total;
          counts.put(type, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
        });
    return new MixMeasurement("instance-0", 0, counts);
  }

  private static boolean anyOffAlone(List<MixMeasurement> holds, Map<OperationType, Double> mix) {
    for (MixMeasurement hold : holds) {
      for (var share : mix.entrySet()) {
        if (share.getValue() > 0
            && hold.verdict(share.getKey(), share.getValue()) == MixMeasurement.Verdict.OFF) {
          return true;
        }
      }
    }
    return false;
  }
}
