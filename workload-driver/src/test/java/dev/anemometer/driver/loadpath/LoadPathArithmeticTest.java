package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadPathArithmeticTest {

  private static Duration s(long seconds) {
    return Duration.ofSeconds(seconds);
  }

  @Test
  void fixedPathRampsWarmsJudgesEachQosPeriodAndRampsDown() {
    LoadPathInstance path =
        new FixedLoadPathSpec(1000, s(240), s(300), 2, s(300), s(120)).newInstance();

    assertThat(path.at(0)).isEqualTo(new LoadPoint(0, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(120_000).users()).isEqualTo(500);
    assertThat(path.at(1_000).users()).isEqualTo(4); // 1000 × 1/240 = 4.17
    assertThat(path.at(240_000)).isEqualTo(new LoadPoint(1000, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(539_999).phase()).isEqualTo(LoadPhase.WARM_UP);
    assertThat(path.at(540_000)).isEqualTo(new LoadPoint(1000, LoadPhase.QOS, 0, false));
    assertThat(path.at(839_999).windowIndex()).isZero();
    assertThat(path.at(840_000).windowIndex()).isEqualTo(1);
    assertThat(path.at(1_140_000)).isEqualTo(new LoadPoint(1000, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(1_200_000).users()).isEqualTo(500);
    assertThat(path.at(1_260_000).finished()).isTrue();
    assertThat(path.watchesRampDown())
        .as("nobody listens to a fixed run's last ramp-down")
        .isFalse();
  }

  @Test
  void uniformSegmentHoldsItsUsers() {
    var uniform = new SegmentSpec.Uniform(250, s(60));
    assertThat(uniform.usersAt(0)).isEqualTo(250);
    assertThat(uniform.usersAt(59_999)).isEqualTo(250);
  }

  @Test
  void smoothRampIsLinearAndRoundsHalfUp() {
    var ramp = new SegmentSpec.Ramp(100, 1000, s(120), null);
    assertThat(ramp.usersAt(0)).isEqualTo(100);
    assertThat(ramp.usersAt(60_000)).isEqualTo(550);
    assertThat(ramp.usersAt(1_000)).isEqualTo(108); // 100 + 900/120 = 107.5 → 108
    assertThat(new SegmentSpec.Ramp(1000, 100, s(120), null).usersAt(1_000)).isEqualTo(993);
  }

  @Test
  void steppedRampClimbsInEqualStairsFromFirstToLast() {
    var ramp = new SegmentSpec.Ramp(100, 400, s(120), s(30)); // 4 stairs: 100, 200, 300, 400
    assertThat(ramp.usersAt(0)).isEqualTo(100);
    assertThat(ramp.usersAt(29_999)).isEqualTo(100);
    assertThat(ramp.usersAt(30_000)).isEqualTo(200);
    assertThat(ramp.usersAt(60_000)).isEqualTo(300);
    assertThat(ramp.usersAt(90_000)).isEqualTo(400);
    assertThat(ramp.usersAt(119_999)).isEqualTo(400);
  }

  @Test
  void sineStartsAtMinPeaksAtHalfPeriodAndRepeats() {
    var sine = new SegmentSpec.Sine(300, 1000, s(600), s(1200));
    assertThat(sine.usersAt(0)).isEqualTo(300);
    assertThat(sine.usersAt(150_000)).isEqualTo(650);
    assertThat(sine.usersAt(300_000)).isEqualTo(1000);
    assertThat(sine.usersAt(450_000)).isEqualTo(650);
    assertThat(sine.usersAt(600_000)).isEqualTo(300);
    assertThat(sine.usersAt(900_000)).isEqualTo(1000);
    assertThat(sine.usersAt(100_000)).isEqualTo(475); // 300 + 700 × (1 − cos 60°)/2 = 475
  }

  @Test
  void spikeJumpsToPeakForItsDurationInsideItsTotal() {
    var spike = new SegmentSpec.Spike(500, 1500, s(60), s(30), s(300));
    assertThat(spike.usersAt(59_999)).isEqualTo(500);
    assertThat(spike.usersAt(60_000)).isEqualTo(1500);
    assertThat(spike.usersAt(89_999)).isEqualTo(1500);
    assertThat(spike.usersAt(90_000)).isEqualTo(500);
    assertThat(spike.length()).isEqualTo(s(300));
  }

  @Test
  void intervalPathWalksSegmentsJudgesEachAndRepeats() {
    var spec =
        new IntervalLoadPathSpec(
            List.of(
                new SegmentSpec.Ramp(0, 100, s(100), null),
                new SegmentSpec.Uniform(100, s(50)),
                new SegmentSpec.Spike(10, 90, s(10), s(5), s(20))),
            2);
    LoadPathInstance path = spec.newInstance();

    assertThat(spec.totalDuration()).isEqualTo(s(340));
    assertThat(path.at(50_000)).isEqualTo(new LoadPoint(50, LoadPhase.QOS, 0, false));
    assertThat(path.at(100_000)).isEqualTo(new LoadPoint(100, LoadPhase.QOS, 1, false));
    assertThat(path.at(160_000)).isEqualTo(new LoadPoint(90, LoadPhase.QOS, 2, false));
    assertThat(path.at(170_000)).isEqualTo(new LoadPoint(0, LoadPhase.QOS, 3, false));
    assertThat(path.at(220_000)).isEqualTo(new LoadPoint(50, LoadPhase.QOS, 3, false));
    assertThat(path.at(330_000)).isEqualTo(new LoadPoint(90, LoadPhase.QOS, 5, false));
    assertThat(path.at(340_000).finished()).isTrue();
  }

  @Test
  void manualOverrideReplacesThePathsUsersUntilCleared() {
    var override = new ManualOverride();
    LoadPoint point = new LoadPoint(100, LoadPhase.QOS, 0, false);
    assertThat(override.apply(point)).isEqualTo(100);
    override.set(40);
    assertThat(override.apply(point)).isEqualTo(40);
    assertThat(override.apply(LoadPoint.done())).isZero();
    override.clear();
    assertThat(override.apply(point)).isEqualTo(100);
  }

  @Test
  void invalidSpecsNameTheirField() {
    assertThatThrownBy(() -> new SegmentSpec.Ramp(0, 10, s(10), s(20)))
        .hasMessageStartingWith("step:");
    assertThatThrownBy(() -> new SegmentSpec.Spike(1, 2, s(50), s(60), s(100)))
        .hasMessageStartingWith("total:");
    assertThatThrownBy(() -> new IntervalLoadPathSpec(List.of(), 1))
        .hasMessageStartingWith("segments:");
    assertThatThrownBy(() -> new FixedLoadPathSpec(-1, s(1), s(1), 1, s(1), s(1)))
        .hasMessageStartingWith("users:");
  }
}
