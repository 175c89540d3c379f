package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
        Duration.ofSeconds(60).multipliedBy(2),
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
            Duration.ofSeconds(30).multipliedBy(2),
            1000,
            0,
            0);
    LoadPathInstance path = spec.newInstance();

    // The first initial step ramps and warms up (cold servers); later steps only ramp. Steps are
    // judged without the mix (STEP); probes are judged on everything (QOS).
    assertThat(path.at(0)).isEqualTo(new LoadPoint(0, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(10_000)).isEqualTo(new LoadPoint(100, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(30_000)).isEqualTo(new LoadPoint(100, LoadPhase.STEP, 0, false));
    assertThat(path.at(90_000))
        .isEqualTo(new LoadPoint(100, LoadPhase.AWAITING_VERDICT, -1, false));
    path.windowJudged(0, WindowVerdict.PASSED, 0);
    // A later step brings its users in during its judged window (the step's 60 s here, at least a
    // probe's ramp-up): the climb is a ramp watched window by window.
    assertThat(path.at(95_000)).isEqualTo(new LoadPoint(108, LoadPhase.STEP, 1, false));
    assertThat(path.at(120_000)).isEqualTo(new LoadPoint(150, LoadPhase.STEP, 1, false));
    assertThat(path.at(155_000).phase()).isEqualTo(LoadPhase.AWAITING_VERDICT);
    path.windowJudged(
        1, WindowVerdict.FAILED, 0); // 200 failed: probe 93 with ramp, warm-up, QoS from t = 150 s

    // After a failed window the load first drops for 20 s, so that the stack drains: to 70 % after
    // a clear failure (80 % after a narrow one).
    assertThat(path.at(155_000)).isEqualTo(new LoadPoint(65, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(175_000)).isEqualTo(new LoadPoint(79, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(180_000)).isEqualTo(new LoadPoint(93, LoadPhase.WARM_UP, -1, false));
    assertThat(path.at(200_000)).isEqualTo(new LoadPoint(93, LoadPhase.QOS, 2, false));
    assertThat(path.peakUsers()).isEmpty();
  }

  /**
   * Runs the path second by second, judging each window with the next verdict, and returns its
   * timeline: one entry per stretch of a phase (and window), with the users at its end and its
   * length in seconds.
   */
  private static List<String> timeline(LoadPathInstance path, WindowVerdict... verdicts) {
    List<String> timeline = new ArrayList<>();
    String stretch = null;
    int seconds = 0;
    int users = 0;
    int judged = 0;
    for (long t = 0; judged < verdicts.length; t += 1000) {
      LoadPoint point = path.at(t);
      // A search that ends before the verdicts do must not spin here.
      assertThat(point.finished()).as("the search ended at %d s", t / 1000).isFalse();
      if (point.phase() == LoadPhase.AWAITING_VERDICT) {
        path.windowJudged(judged, verdicts[judged], 0);
        judged++;
        if (judged == verdicts.length) {
          break;
        }
        point = path.at(t);
      }
      String name = point.phase() + (point.windowIndex() >= 0 ? "#" + point.windowIndex() : "");
      if (!name.equals(stretch)) {
        if (stretch != null) {
          timeline.add(stretch + " " + users + " " + seconds + "s");
        }
        stretch = name;
        seconds = 0;
      }
      users = point.users();
      seconds++;
    }
    timeline.add(stretch + " " + users + " " + seconds + "s");
    return timeline;
  }

  @Test
  void aHintedClimbWarmsUpAtHalfTheHintAndEveryProbeAfterAFailureStartsFromADrainedStack() {
    LoadPathInstance path = shortPhases(400).newInstance();

    List<String> timeline =
        timeline(
            path,
            WindowVerdict.FAILED, // the first step, 200 (half the hint), fails clearly
            WindowVerdict.FAILED, // and so do its three repeats (cold servers?): probe 100
            WindowVerdict.FAILED,
            WindowVerdict.FAILED,
            WindowVerdict.FAILED_NARROWLY, // nothing held below: confirmed
            WindowVerdict.PASSED);

    assertThat(timeline)
        .containsExactly(
            "RAMP_UP 190 20s", // two steps' worth of ramp-up: 200 users do not arrive at once
            "WARM_UP 200 20s",
            "STEP#0 200 30s",
            "STEP#1 200 30s", // a step's repeat runs at once
            "STEP#2 200 30s",
            "STEP#3 200 30s",
            "RAMP_DOWN 70 20s", // after a clear failure: 70 % of the lower count for 20 s
            "RAMP_UP 97 10s",
            "WARM_UP 100 20s",
            "QOS#4 100 60s",
            "RAMP_DOWN 80 20s", // after a narrow failure 80 %: the confirmation starts drained too
            "RAMP_UP 98 10s",
            "WARM_UP 100 20s",
            "QOS#5 100 60s");
    assertThat(path.peakUsers()).isEmpty();
  }

  @Test
  void aStepWhoseRampFailedNarrowlyRunsOnceMoreFromADrainedStackAndASmallMoveWarmsUpForAThird() {
    LoadPathInstance path = shortPhases(0).newInstance();

    List<String> timeline =
        timeline(
            path,
            WindowVerdict.PASSED, // step 100
            WindowVerdict.FAILED_NARROWLY, // step 200
            WindowVerdict.FAILED_NARROWLY, // its repeat: the region is 100..200, probe 93
            WindowVerdict.PASSED, // 93: up by just under the precision, 95
            WindowVerdict.PASSED, // 95: up twice as far, 99
            WindowVerdict.FAILED_NARROWLY, // 99: within 10 % of the pass below, run once more
            WindowVerdict.PASSED, // it holds: up four times as far, 107
            WindowVerdict.PASSED);

    assertThat(timeline)
        .containsExactly(
            "RAMP_UP 90 10s",
            "WARM_UP 100 20s",
            "STEP#0 100 30s",
            "STEP#1 197 30s", // a later step brings its users in during its judged window
            "RAMP_DOWN 160 20s", // its ramp broke its limits: the repeat starts from a drained
            "RAMP_UP 196 10s", // stack, at 80 % of its users, and warms up like a probe
            "WARM_UP 200 20s",
            "STEP#2 200 30s", // then is judged for a step's window, without arrivals
            "RAMP_DOWN 74 20s",
            "RAMP_UP 91 10s",
            "WARM_UP 93 20s",
            "QOS#3 93 60s",
            "RAMP_UP 95 5s", // after a pass: no recovery
            "WARM_UP 95 7s", // a small move after a pass: a third of the warm-up
            "QOS#4 95 60s",
            "RAMP_UP 98 5s",
            "WARM_UP 99 7s",
            "QOS#5 99 60s",
            "RAMP_DOWN 79 20s", // the confirmation starts from a drained stack too
            "RAMP_UP 98 10s",
            "WARM_UP 99 20s",
            "QOS#6 99 60s",
            "RAMP_UP 106 5s",
            "WARM_UP 107 20s", // a move of 8 %: the whole warm-up
            "QOS#7 107 60s");
  }

  @Test
  void aWindowWithoutHeadroomLeftNothingToDrainSoTheNextProbeStartsAtOnce() {
    LoadPathInstance path = shortPhases(0).newInstance();

    List<String> timeline =
        timeline(
            path,
            WindowVerdict.PASSED, // step 100
            WindowVerdict.NO_HEADROOM, // step 200: its arrivals may have taken it, run once more
            WindowVerdict.NO_HEADROOM, // again: probe 93
            WindowVerdict.PASSED, // 93: 95
            WindowVerdict.PASSED, // 95: 99
            WindowVerdict.NO_HEADROOM, // 99: not run again, 97
            WindowVerdict.PASSED);

    assertThat(timeline)
        .containsExactly(
            "RAMP_UP 90 10s",
            "WARM_UP 100 20s",
            "STEP#0 100 30s",
            "STEP#1 197 30s",
            "STEP#2 200 30s", // its ramp kept its limits: the repeat is judged at once
            "RAMP_UP 104 10s", // down to the probe at once: every response time held, no recovery
            "WARM_UP 93 20s",
            "QOS#3 93 60s",
            "RAMP_UP 95 5s",
            "WARM_UP 95 7s",
            "QOS#4 95 60s",
            "RAMP_UP 98 5s",
            "WARM_UP 99 7s",
            "QOS#5 99 60s",
            "RAMP_UP 97 5s", // no recovery, and a small move: a third of the warm-up
            "WARM_UP 97 6s",
            "QOS#6 97 60s");
  }

  @Test
  void theAnswerIsVerifiedOverItsOwnLongerWindowAfterProbesJudgedOverShortOnes() {
    // Probes judged over 60 s narrow the search; the answer then runs again over 120 s and must
    // pass there too (decision 0009). A verification right after its own pass needs no ramp.
    var spec =
        new FindMaxLoadPathSpec(
            100,
            Duration.ofSeconds(30),
            Duration.ofSeconds(10),
            Duration.ofSeconds(20),
            Duration.ofSeconds(60),
            2.5,
            1,
            Duration.ofSeconds(120),
            1000,
            0,
            0);
    LoadPathInstance path = spec.newInstance();

    List<String> timeline =
        timeline(
            path,
            WindowVerdict.PASSED, // step 100
            WindowVerdict.FAILED_NARROWLY, // step 200
            WindowVerdict.FAILED_NARROWLY, // its repeat: probe 93
            WindowVerdict.PASSED, // 93: up, 95
            WindowVerdict.PASSED, // 95: up twice as far, 99
            WindowVerdict.FAILED_NARROWLY, // 99 (no confirmation here): 97
            WindowVerdict.PASSED, // 97: 97..99 < 2.5 %, verify 97
            WindowVerdict.FAILED_NARROWLY); // the verification fails: 97 is the lowest fail

    assertThat(timeline)
        .containsExactly(
            "RAMP_UP 90 10s",
            "WARM_UP 100 20s",
            "STEP#0 100 30s",
            "STEP#1 197 30s",
            "RAMP_DOWN 160 20s",
            "RAMP_UP 196 10s",
            "WARM_UP 200 20s",
            "STEP#2 200 30s",
            "RAMP_DOWN 74 20s",
            "RAMP_UP 91 10s",
            "WARM_UP 93 20s",
            "QOS#3 93 60s",
            "RAMP_UP 95 5s",
            "WARM_UP 95 7s",
            "QOS#4 95 60s",
            "RAMP_UP 98 5s",
            "WARM_UP 99 7s",
            "QOS#5 99 60s",
            "RAMP_DOWN 77 20s",
            "RAMP_UP 96 10s",
            "WARM_UP 97 20s",
            "QOS#6 97 60s",
            "QOS#7 97 120s"); // the verification: at once, over twice a probe's window
    assertThat(path.peakUsers()).isEmpty(); // the search goes on below the failed verification
  }

  @Test
  void aRecoveryStretchesWhileTheStackIsSeenOverloadedUntilItHasHeldWithinItsLimitsFor20s() {
    LoadPathInstance path = shortPhases(0).newInstance();
    assertThat(path.watchesRampDown()).isTrue();

    path.at(30_000);
    path.windowJudged(0, WindowVerdict.PASSED, 0); // step 100 ends at 60 s
    path.at(60_000);
    path.windowJudged(1, WindowVerdict.FAILED, 0); // step 200 ends at 100 s: probe 93 from 100 s
    path.loadObserved(95_000, 100_000, false); // before the recovery: not its business
    path.loadObserved(100_000, 105_000, false);
    path.loadObserved(105_000, 110_000, false);
    path.loadObserved(110_000, 115_000, false);
    path.loadObserved(115_000, 120_000, false);
    // At 20 s the stack was still overloaded: the load stays down.
    assertThat(path.at(121_000)).isEqualTo(new LoadPoint(65, LoadPhase.RAMP_DOWN, -1, false));
    path.loadObserved(120_000, 125_000, false);
    path.loadObserved(125_000, 130_000, true);
    path.loadObserved(130_000, 135_000, true);
    // The users who failed start over together: their wave overloads the stack again.
    path.loadObserved(135_000, 140_000, false);
    assertThat(path.at(141_000).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
    for (long t = 140_000; t < 160_000; t += 5_000) {
      assertThat(path.at(t).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
      path.loadObserved(t, t + 5_000, true);
    }
    // Within its limits for 20 s in a row at 160 s: the ramp starts from there (60 s of recovery).
    assertThat(path.at(160_000)).isEqualTo(new LoadPoint(65, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(165_000)).isEqualTo(new LoadPoint(79, LoadPhase.RAMP_UP, -1, false));
    path.loadObserved(160_000, 165_000, false); // the probe has begun: too late to stretch it
    assertThat(path.at(200_000)).isEqualTo(new LoadPoint(93, LoadPhase.QOS, 2, false));
    path.windowJudged(2, WindowVerdict.FAILED, 0); // 93 collapses: the probes walk down, from 250 s

    // A stack that never drains gets at most a minute and a half.
    path.loadObserved(250_000, 255_000, false);
    assertThat(path.at(339_000).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
    assertThat(path.at(340_000)).isEqualTo(new LoadPoint(63, LoadPhase.RAMP_UP, -1, false));
  }

  @Test
  void aProbeSeenCollapsedForThirtySecondsEndsThereAsAClearFailureAndTheNextDrainsDeeper() {
    // Steps of 100 users; probes of 30 s ramp, 20 s warm-up, 60 s judged.
    LoadPathInstance path =
        new FindMaxLoadPathSpec(
                100,
                Duration.ofSeconds(30),
                Duration.ofSeconds(30),
                Duration.ofSeconds(20),
                Duration.ofSeconds(60),
                2.5,
                0,
                Duration.ofSeconds(60).multipliedBy(2),
                1000,
                0,
                10)
            .newInstance();
    assertThat(path.watchesWindows()).isTrue();
    path.at(50_000);
    path.windowJudged(0, WindowVerdict.PASSED, 0); // step 100: 30 s ramp, 20 s warm-up, 50-80 s
    path.windowObserved(1, 80_000, 85_000, true); // steps are judged whole: never cut
    path.windowObserved(1, 85_000, 110_000, true);
    assertThat(path.at(109_000)).isEqualTo(new LoadPoint(197, LoadPhase.STEP, 1, false));
    path.windowJudged(1, WindowVerdict.FAILED, 0); // step 200 fails clearly at 110 s: probe 93

    // After a clear failure the load drops to 70 %, not 80 %, before the probe ramps up.
    assertThat(path.at(111_000)).isEqualTo(new LoadPoint(65, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(180_000)).isEqualTo(new LoadPoint(93, LoadPhase.QOS, 2, false));
    for (long t = 180_000; t < 205_000; t += 5_000) {
      path.windowObserved(2, t, t + 5_000, true);
    }
    assertThat(path.at(205_000)).isEqualTo(new LoadPoint(93, LoadPhase.QOS, 2, false));
    path.windowObserved(2, 205_000, 210_000, true); // 30 s clearly beyond its limits: cut
    assertThat(path.at(210_000))
        .isEqualTo(new LoadPoint(93, LoadPhase.AWAITING_VERDICT, -1, false));
    // Judged on what it ran, narrowly failed: still a clear failure, so not confirmed; the probes
    // walk down, from the cut on, after a deep recovery.
    path.windowJudged(2, WindowVerdict.FAILED_NARROWLY, 0);
    assertThat(path.at(211_000)).isEqualTo(new LoadPoint(63, LoadPhase.RAMP_DOWN, -1, false));
    assertThat(path.at(245_000)).isEqualTo(new LoadPoint(77, LoadPhase.RAMP_UP, -1, false));
    assertThat(path.at(280_000)).isEqualTo(new LoadPoint(91, LoadPhase.QOS, 3, false));

    // A collapse must last: a watch within the limits starts the count again.
    for (long t = 280_000; t < 305_000; t += 5_000) {
      path.windowObserved(3, t, t + 5_000, true);
    }
    path.windowObserved(3, 305_000, 310_000, false);
    path.windowObserved(3, 310_000, 335_000, true);
    assertThat(path.at(339_000)).isEqualTo(new LoadPoint(91, LoadPhase.QOS, 3, false));
    path.windowJudged(3, WindowVerdict.PASSED, 0); // 91 holds at 340 s: 91..93 < 2.5 %

    assertThat(path.at(340_000).finished()).isTrue();
    assertThat(path.peakUsers()).hasValue(91);
  }
}
