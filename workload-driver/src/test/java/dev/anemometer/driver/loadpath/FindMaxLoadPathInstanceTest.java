package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FindMaxLoadPathInstanceTest {

  @Test
  void probesStartWhereThePreviousQosPeriodEndedWhateverTheVerdictDelay() {
    var spec =
        new FindMaxLoadPathSpec(
            100,
            Duration.ofSeconds(60),
            Duration.ofSeconds(10),
            Duration.ofSeconds(20),
            Duration.ofSeconds(30),
            1.0,
            0,
            1000);
    LoadPathInstance path = spec.newInstance();

    // The first initial step ramps and warms up (cold servers); later steps jump. Steps are
    // judged without the mix (STEP); probes are judged on everything (QOS).
    assertThat(path.at(0)).isEqualTo(new LoadPoint(0, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(10_000)).isEqualTo(new LoadPoint(100, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(30_000)).isEqualTo(new LoadPoint(100, LoadPhase.STEP, 0, false));
    assertThat(path.at(90_000))
        .isEqualTo(new LoadPoint(100, LoadPhase.AWAITING_VERDICT, -1, false));
    path.windowJudged(0, true);
    assertThat(path.at(91_000)).isEqualTo(new LoadPoint(200, LoadPhase.STEP, 1, false));
    assertThat(path.at(155_000).phase()).isEqualTo(LoadPhase.AWAITING_VERDICT);
    path.windowJudged(1, false); // 200 failed: probe 100 with ramp, warm-up, QoS from t = 150 s

    assertThat(path.at(155_000)).isEqualTo(new LoadPoint(150, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(160_000)).isEqualTo(new LoadPoint(100, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(180_000)).isEqualTo(new LoadPoint(100, LoadPhase.QOS, 2, false));
    assertThat(path.peakUsers()).isEmpty();
  }
}
