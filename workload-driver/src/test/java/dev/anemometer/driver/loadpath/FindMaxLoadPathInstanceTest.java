package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FindMaxLoadPathInstanceTest {

  /** Steps of 100 users for 30 s; probes of 10 s ramp, 20 s warm-up, 60 s judged; 2.5 %. */
  private static LoadPathInstance path() {
    return path(0);
  }

  /** {@link #path()} with a marginal band of {@code bandPercent}. */
  private static LoadPathInstance path(double bandPercent) {
    return new FindMaxLoadPathSpec(
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
            bandPercent)
        .newInstance();
  }

  /**
   * Runs the path second by second, judging each window with the next verdict, and returns its
   * timeline: one entry per stretch of a phase (and window), with the users at its end and its
   * length in seconds.
   */
  private static List<String> timeline(LoadPathInstance path, WindowVerdict... verdicts) {
    double[] shares = new double[verdicts.length];
    for (int i = 0; i < verdicts.length; i++) {
      shares[i] = verdicts[i] == WindowVerdict.PASSED ? 0.3 : 3;
    }
    return timeline(path, verdicts, shares);
  }

  /** {@link #timeline}, each window's worst rule at the given share of its limit. */
  private static List<String> timeline(
      LoadPathInstance path, WindowVerdict[] verdicts, double[] shares) {
    List<String> timeline = new ArrayList<>();
    String stretch = null;
    int seconds = 0;
    int users = 0;
    int judged = 0;
    for (long t = 0; judged < verdicts.length; t += 1000) {
      LoadPoint point = path.at(t);
      assertThat(point.finished()).as("the search ended at %d s", t / 1000).isFalse();
      if (point.phase() == LoadPhase.AWAITING_VERDICT) {
        path.windowJudged(judged, verdicts[judged], shares[judged]);
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
  void theClimbRampsWindowByWindowAndEveryProbeAfterAFailureStartsFromADrainedStack() {
    List<String> timeline =
        timeline(
            path(),
            WindowVerdict.PASSED, // step 100: ramps and warms up the cold stack
            WindowVerdict.PASSED, // step 200 ramps in its own window
            WindowVerdict.FAILED, // step 300 fails: probe sqrt(200 x 300) = 245
            WindowVerdict.PASSED, // 245 holds: probe 271
            WindowVerdict.INVALID, // 271 invalid: runs again after a drain
            WindowVerdict.PASSED);

    assertThat(timeline)
        .containsExactly(
            "RAMP_UP 90 10s", // the users at the ramp's last second
            "WARM_UP 100 20s",
            "STEP#0 100 30s",
            "STEP#1 197 30s", // a later step ramps from the last users in its 30 s window
            "STEP#2 297 30s",
            "RAMP_DOWN 171 20s", // a drain at 70 % of the lower of the two counts
            "RAMP_UP 241 8s", // 74 users at the climb's pace of 100 per 10 s
            "WARM_UP 245 15s", // 74 users warm up for 74 % of the 20 s a step's 100 would
            "QOS#3 245 60s",
            "RAMP_UP 270 5s", // a move of 26 users: the least ramp, 5 s
            "WARM_UP 271 5s", // and the least warm-up
            "QOS#4 271 60s",
            "RAMP_DOWN 189 20s", // the invalid window ran in vain: drained, then again
            "RAMP_UP 265 8s",
            "WARM_UP 271 16s",
            "QOS#5 271 60s");
  }

  @Test
  void aMarginalWindowThatPassedRunsAgainAtOnceAndOneThatFailedAfterADrain() {
    LoadPathInstance path = path(25);

    List<String> timeline =
        timeline(
            path,
            new WindowVerdict[] {
              WindowVerdict.PASSED,
              WindowVerdict.FAILED, // step 200 fails: probe 141
              WindowVerdict.PASSED, // 141 holds at 90 % of its limit: again, at once
              WindowVerdict.FAILED, // the two disagree: a third, after a drain
              WindowVerdict.PASSED
            },
            new double[] {0.3, 3, 0.9, 1.1, 0.5});

    assertThat(timeline)
        .endsWith(
            "QOS#2 141 60s",
            "QOS#3 141 60s",
            "RAMP_DOWN 98 20s",
            "RAMP_UP 136 5s",
            "WARM_UP 141 9s",
            "QOS#4 141 60s");
  }

  @Test
  void aProbeWhoseStackCollapsedForThirtySecondsEndsThereAsAFailure() {
    LoadPathInstance path = path();
    timeline(path, WindowVerdict.PASSED, WindowVerdict.FAILED); // 100 holds, 200 fails: probe 141
    long start = 60_000 + 30_000 + 20_000; // first step 60 s, the 200 step 30 s, the drain 20 s
    // 43 users ramp in 5 s and warm up for 9 s: the judged window runs from 14 s to 74 s.
    LoadPoint probe = path.at(start + 5_000 + 20_000);
    assertThat(probe.phase()).isEqualTo(LoadPhase.QOS);
    long qos = start + 25_000;

    for (long cut = qos; cut < qos + 30_000; cut += 5_000) {
      path.windowObserved(probe.windowIndex(), cut, cut + 5_000, true);
    }

    assertThat(path.at(qos + 31_000).phase()).isEqualTo(LoadPhase.AWAITING_VERDICT);
    path.windowJudged(probe.windowIndex(), WindowVerdict.PASSED, 0.2);
    // Cut short, it counted as a failure whatever its window's verdict: the drain follows.
    assertThat(path.at(qos + 31_000).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
  }

  @Test
  void aDrainOutlastsAStackStillOverloadedUntilItHeldForAWholeDrain() {
    LoadPathInstance path = path();
    timeline(path, WindowVerdict.PASSED, WindowVerdict.FAILED);
    long drainStart = 90_000;

    path.loadObserved(drainStart, drainStart + 5_000, false);
    assertThat(path.at(drainStart + 60_000).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
    for (long cut = drainStart + 5_000; cut < drainStart + 25_000; cut += 5_000) {
      path.loadObserved(cut, cut + 5_000, true);
    }

    // Within its limits from 5 s to 25 s: the drain ends at 25 s.
    assertThat(path.at(drainStart + 24_000).phase()).isEqualTo(LoadPhase.RAMP_DOWN);
    assertThat(path.at(drainStart + 25_000).phase()).isEqualTo(LoadPhase.RAMP_UP);
  }
}
