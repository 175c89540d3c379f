package dev.anemometer.harness.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** Half an hour of samples every 15 s: the judged second half of a 60-minute soak. */
class LeakDetectorTest {

  private static final double MIB = 1024 * 1024;

  private final LeakDetector detector = new LeakDetector(10, Duration.ofMinutes(10));

  @Test
  void aSteadyClimbIsALeak() {
    // 300 MiB growing 20 % an hour
    LeakDetector.Verdict verdict = detector.judge(series(t -> 300 * MIB * (1 + 0.2 * t / 3600)));

    assertThat(verdict.verdict()).isEqualTo("LEAK");
    assertThat(verdict.growthPercentPerHour()).isBetween(17.0, 19.0);
    assertThat(verdict.growthPerHour())
        .isCloseTo(60 * MIB, org.assertj.core.data.Offset.offset(MIB));
  }

  @Test
  void aFlatSeriesIsSteady() {
    LeakDetector.Verdict verdict = detector.judge(series(t -> 142));

    assertThat(verdict.verdict()).isEqualTo("steady");
    assertThat(verdict.growthPercentPerHour()).isZero();
  }

  @Test
  void noiseAroundALevelIsSteady() {
    Random random = new Random(17);
    // ±10 % of noise: short stretches of it climb steeply, the whole does not
    LeakDetector.Verdict verdict =
        detector.judge(series(t -> 300 * MIB * (1 + 0.1 * random.nextGaussian())));

    assertThat(verdict.verdict()).isEqualTo("steady");
  }

  @Test
  void aRiseSmallerThanTheNoisesSwingIsNoLeak() {
    // ±20 around 110, then around 120: fitted +25 %/h and the floor up 10, but 2.4 standard errors
    LeakDetector.Verdict verdict =
        detector.judge(series(t -> (t < 2700 ? 110 : 120) + ((t / 15) % 2 == 0 ? -20 : 20)));

    assertThat(verdict.verdict()).isEqualTo("steady");
    assertThat(verdict.growthPercentPerHour()).isGreaterThan(10);
    assertThat(verdict.reason()).contains("within the noise");
  }

  @Test
  void aClimbUnderNoiseIsStillALeak() {
    Random random = new Random(17);
    LeakDetector.Verdict verdict =
        detector.judge(
            series(t -> 300 * MIB * (1 + 0.3 * t / 3600 + 0.02 * random.nextGaussian())));

    assertThat(verdict.verdict()).isEqualTo("LEAK");
  }

  @Test
  void aGarbageCollectedSawToothIsSteadyWhereverTheWindowCutsItsTeeth() {
    // the heap climbs 60 MiB over 7 minutes, then a collection takes it back to 200 MiB
    for (double phase : new double[] {0, 100, 210, 330}) {
      LeakDetector.Verdict verdict =
          detector.judge(series(t -> 200 * MIB + 60 * MIB * (((t + phase) % 420) / 420)));

      assertThat(verdict.verdict()).as("phase " + phase).isEqualTo("steady");
    }
  }

  @Test
  void aSawToothWhoseFloorRisesIsALeak() {
    LeakDetector.Verdict verdict =
        detector.judge(
            series(t -> 200 * MIB * (1 + 0.25 * t / 3600) + 60 * MIB * ((t % 420) / 420)));

    assertThat(verdict.verdict()).isEqualTo("LEAK");
  }

  @Test
  void aSawToothFittedSteeplyButWithAFlatFloorSaysSo() {
    // two teeth of 15 minutes, the window ending at the top of the second: the line climbs 37 %
    // an hour, the floor not at all
    LeakDetector.Verdict verdict =
        detector.judge(series(t -> 200 * MIB + 100 * MIB * ((t % 900) / 900)));

    assertThat(verdict.verdict()).isEqualTo("steady");
    assertThat(verdict.reason()).contains("floor").contains("saw-tooth");
  }

  @Test
  void aSwingSlowerThanTheWindowThatNeverPassesItsEarlierHighIsSteady() {
    // PostgreSQL's open files in a soak: waves of about 25 minutes between 3,200 and 4,500 as
    // backends were replaced; the judged half caught a trough, then the climb after it.
    // Before: up to 4,500 at 21 minutes; the window climbs from its trough, 3,200, to 4,100.
    List<LeakDetector.Point> before = new ArrayList<>();
    for (int t = 540; t < 1800; t += 15) {
      before.add(new LeakDetector.Point(t, 4500 - Math.abs(t - 1260) * 0.8));
    }
    List<LeakDetector.Point> window = series(t -> 3200 + (t - 1800) * 0.5);

    assertThat(detector.judge(window).verdict()).as("on the window alone").isEqualTo("LEAK");
    LeakDetector.Verdict verdict = detector.judge(window, before);
    assertThat(verdict.verdict()).isEqualTo("steady");
    assertThat(verdict.reason()).contains("never rose above the 4500 it reached earlier");
  }

  @Test
  void aClimbThatMakesNewHighsStaysALeakWithWhatCameBefore() {
    DoubleUnaryOperator climb = t -> 300 * MIB * (1 + 0.2 * t / 3600);
    List<LeakDetector.Point> before = new ArrayList<>();
    for (int t = 540; t < 1800; t += 15) {
      before.add(new LeakDetector.Point(t, climb.applyAsDouble(t)));
    }

    assertThat(detector.judge(series(climb), before).verdict()).isEqualTo("LEAK");
  }

  @Test
  void aShrinkingSeriesIsSteady() {
    assertThat(detector.judge(series(t -> 500 - t / 100)).verdict()).isEqualTo("steady");
  }

  @Test
  void aWindowShorterThanTheMinimumSpanIsNotJudged() {
    List<LeakDetector.Point> minutes = new ArrayList<>();
    for (int t = 0; t <= 300; t += 15) {
      minutes.add(new LeakDetector.Point(t, 100 + t));
    }

    LeakDetector.Verdict verdict = detector.judge(minutes);

    assertThat(verdict.verdict()).isEqualTo("too short");
    assertThat(verdict.reason()).contains("soak.leakMinSpan");
  }

  @Test
  void tooFewSamplesAreNotJudged() {
    List<LeakDetector.Point> few =
        List.of(new LeakDetector.Point(0, 1), new LeakDetector.Point(900, 2));

    assertThat(detector.judge(few).verdict()).isEqualTo("too short");
  }

  /** 30 minutes every 15 s, from 30 minutes into the load. */
  private static List<LeakDetector.Point> series(DoubleUnaryOperator value) {
    List<LeakDetector.Point> points = new ArrayList<>();
    for (int t = 1800; t <= 3600; t += 15) {
      points.add(new LeakDetector.Point(t, value.applyAsDouble(t)));
    }
    return points;
  }
}
