package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FindMaxLoadPathInstanceTest {

  /** Steps of 100 users for 30 s; probes of 10 s ramp, 20 s warm-up, 60 s judged; 2.5 %. */
  private static FindMaxLoadPathSpec shortPhases(int hint) {
    return new FindMaxLoadPathSpec(
        100,
        Duration.ofSeconds(30),
        Duration.ofSeconds(10),
        Duration.ofSeconds(20),
        Duration.ofSeconds(60),
        2.5,
        0,
        1000,
        hint,
        10);
  }

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
            1000,
            0,
            0);
    LoadPathInstance path = spec.newInstance();

    // The first initial step ramps and warms up (cold servers); later steps jump. Steps are
    // judged without the mix (STEP); probes are judged on everything (QOS).
    assertThat(path.at(0)).isEqualTo(new LoadPoint(0, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(10_000)).isEqualTo(new LoadPoint(100, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(30_000)).isEqualTo(new LoadPoint(100, LoadPhase.STEP, 0, false));
    assertThat(path.at(90_000))
        .isEqualTo(new LoadPoint(100, LoadPhase.AWAITING_VERDICT, -1, false));
    path.windowJudged(0, WindowVerdict.PASSED);
    // A later step brings its users in over its first part (here the 10 s ramp-up), judged.
    assertThat(path.at(95_000)).isEqualTo(new LoadPoint(150, LoadPhase.STEP, 1, false));
    assertThat(path.at(101_000)).isEqualTo(new LoadPoint(200, LoadPhase.STEP, 1, false));
    assertThat(path.at(155_000).phase()).isEqualTo(LoadPhase.AWAITING_VERDICT);
    path.windowJudged(
        1, WindowVerdict.FAILED); // 200 failed: probe 150 with ramp, warm-up, QoS from t = 150 s

    // After a failed window the load first drops to 80 % for 20 s, so that the stack drains.
    assertThat(path.at(155_000)).isEqualTo(new LoadPoint(120, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(175_000)).isEqualTo(new LoadPoint(135, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(180_000)).isEqualTo(new LoadPoint(150, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(200_000)).isEqualTo(new LoadPoint(150, LoadPhase.QOS, 2, false));
    assertThat(path.peakUsers()).isEmpty();
  }

  @Test
  void aProbeAfterAFailureStartsFromADrainedStackAndAHintedFirstStepRampsLonger() {
    LoadPathInstance path = shortPhases(400).newInstance();

    // Hint 400: the climb starts at 360, ramping 4 steps' worth of ramp-up (40 s), then warms up.
    assertThat(path.at(20_000)).isEqualTo(new LoadPoint(180, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(40_000)).isEqualTo(new LoadPoint(360, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(60_000)).isEqualTo(new LoadPoint(360, LoadPhase.STEP, 0, false));
    path.windowJudged(0, WindowVerdict.FAILED); // 360 fails: probe 180
    assertThat(path.at(95_000)).isEqualTo(new LoadPoint(144, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(115_000)).isEqualTo(new LoadPoint(162, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(140_000)).isEqualTo(new LoadPoint(180, LoadPhase.QOS, 1, false));
    // No pass yet: confirmed, from a drained stack too (recovery, ramp, warm-up, then judged).
    path.windowJudged(1, WindowVerdict.FAILED_NARROWLY);
    assertThat(path.at(210_000)).isEqualTo(new LoadPoint(144, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(235_000)).isEqualTo(new LoadPoint(180, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(250_000)).isEqualTo(new LoadPoint(180, LoadPhase.QOS, 2, false));
    path.windowJudged(2, WindowVerdict.PASSED);
    assertThat(path.peakUsers()).isEmpty();
  }

  @Test
  void aNarrowlyFailedStepIsProbedFromADrainedStackAndASmallMoveAfterAPassWarmsUpForHalfAsLong() {
    LoadPathInstance path = shortPhases(0).newInstance();

    path.at(30_000);
    path.windowJudged(0, WindowVerdict.PASSED); // step 100 ends at 60 s
    path.at(60_000);
    path.windowJudged(1, WindowVerdict.FAILED_NARROWLY); // step 200 ends at 90 s: probe 200
    assertThat(path.at(100_000)).isEqualTo(new LoadPoint(160, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(125_000)).isEqualTo(new LoadPoint(200, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(140_000)).isEqualTo(new LoadPoint(200, LoadPhase.QOS, 2, false));
    path.windowJudged(2, WindowVerdict.PASSED); // 200 holds: up by twice the precision, 5 %

    assertThat(path.at(205_000)).isEqualTo(new LoadPoint(205, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(215_000)).isEqualTo(new LoadPoint(210, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(220_000)).isEqualTo(new LoadPoint(210, LoadPhase.QOS, 3, false));
  }

  @Test
  void aRecoveryStretchesWhileTheStackIsSeenOverloadedUntilAWatchFindsItWithinItsLimits() {
    LoadPathInstance path = shortPhases(0).newInstance();
    assertThat(path.watchesRampDown()).isTrue();

    path.at(30_000);
    path.windowJudged(0, WindowVerdict.PASSED); // step 100 ends at 60 s
    path.at(60_000);
    path.windowJudged(1, WindowVerdict.FAILED); // step 200 ends at 90 s: probe 150 from 90 s
    path.loadObserved(85_000, 90_000, false); // before the recovery: not its business
    path.loadObserved(90_000, 95_000, false);
    path.loadObserved(95_000, 100_000, false);
    path.loadObserved(100_000, 105_000, false);
    path.loadObserved(105_000, 110_000, false);
    // At 20 s the stack was still overloaded: the load stays down.
    assertThat(path.at(111_000)).isEqualTo(new LoadPoint(120, LoadPhase.RAMP_DOWN, -1, false));
    path.loadObserved(110_000, 115_000, false);
    path.loadObserved(115_000, 120_000, true);
    // Drained at 120 s: the ramp starts from there (30 s of recovery).
    assertThat(path.at(120_000)).isEqualTo(new LoadPoint(120, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(125_000)).isEqualTo(new LoadPoint(135, LoadPhase.RAMP_UP, -1, false));
    path.loadObserved(120_000, 125_000, false); // the probe has begun: too late to stretch it
    assertThat(path.at(160_000)).isEqualTo(new LoadPoint(150, LoadPhase.QOS, 2, false));
    path.windowJudged(2, WindowVerdict.FAILED); // 150 fails too: probe 100 from 210 s

    // A stack that never drains gets at most a minute.
    path.loadObserved(210_000, 215_000, false);
    assertThat(path.at(269_000).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
    assertThat(path.at(270_000)).isEqualTo(new LoadPoint(80, LoadPhase.RAMP_UP, -1, false));
  }
}
