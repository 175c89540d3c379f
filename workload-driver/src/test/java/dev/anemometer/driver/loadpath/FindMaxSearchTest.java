package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class FindMaxSearchTest {

  /** Steps of 500 up to 9,000 users, 2.5 % precision, one verification, the given band. */
  private static FindMaxSearch search(double marginalBandPercent, int hint) {
    Duration minute = Duration.ofMinutes(1);
    return new FindMaxSearch(
        new FindMaxLoadPathSpec(
            500,
            Duration.ofSeconds(20),
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            minute,
            2.5,
            1,
            minute.multipliedBy(2),
            9_000,
            hint,
            marginalBandPercent));
  }

  private static FindMaxSearch search() {
    return search(0, 0);
  }

  /**
   * Feeds every probe the verdict {@code holds} gives for its users, with a limit share far from
   * the marginal band, and returns the probes in order as {@code KIND users}.
   */
  private static List<String> run(FindMaxSearch search, IntPredicate holds) {
    return run(search, holds, false);
  }

  /** {@link #run}, to the end, or only through the climb. */
  private static List<String> run(FindMaxSearch search, IntPredicate holds, boolean climbOnly) {
    List<String> probes = new ArrayList<>();
    while (!search.finished() && probes.size() < 100) {
      if (climbOnly && !search.current().isStep()) {
        break;
      }
      Probe probe = search.current();
      probes.add(probe.kind() + " " + probe.users());
      boolean held = holds.test(probe.users());
      search.verdict(held ? WindowVerdict.PASSED : WindowVerdict.FAILED, held ? 0.3 : 3);
    }
    return probes;
  }

  @Test
  void theClimbBracketsThePeakAndProbesBisectItAtGeometricMidpointsThenVerify() {
    FindMaxSearch search = search();

    List<String> probes = run(search, users -> users <= 2_300);

    assertThat(probes)
        .containsExactly(
            "STEP 500",
            "STEP 1000",
            "STEP 1500",
            "STEP 2000",
            "STEP 2500", // fails: the bracket is 2,000 (a step) to 2,500 (a step)
            "PROBE 2236", // sqrt(2,000 x 2,500)
            "PROBE 2364",
            "PROBE 2299",
            "PROBE 2331", // 2,299 to 2,331 is within 2.5 %: the ends are probes
            "VERIFICATION 2299");
    assertThat(search.peakUsers()).isEqualTo(2_299);
    assertThat(search.bracket()).isEqualTo(new Bracket(2_299, 2_331));
  }

  @Test
  void aStepThatEndsTheBracketIsRunAsAProbeBeforeTheAnswerRestsOnIt() {
    FindMaxSearch search = search();

    // Every probe above 2,000 holds up to 2,480: the bracket closes against the failing step.
    List<String> probes = run(search, users -> users <= 2_480);

    assertThat(probes).endsWith("PROBE 2431", "PROBE 2465", "PROBE 2500", "VERIFICATION 2465");
    assertThat(search.bracket()).isEqualTo(new Bracket(2_465, 2_500));
  }

  @Test
  void aProbeThatHoldsWhereTheClimbFailedResumesTheClimbFromIt() {
    FindMaxSearch search = search();
    // A short, unwarmed step at 2,500 fails on its arrivals; full probes hold up to 3,100.
    boolean[] stepSeen = {false};
    List<String> probes =
        run(
            search,
            users -> {
              if (users == 2_500 && !stepSeen[0]) {
                stepSeen[0] = true;
                return false;
              }
              return users <= 3_100;
            });

    assertThat(probes).containsSubsequence("STEP 2500", "PROBE 2500", "STEP 3000", "STEP 3500");
    assertThat(search.peakUsers()).isBetween(3_030, 3_100);
  }

  @Test
  void aFailedVerificationBecomesTheUpperEndAndTheSearchGoesOnBelowIt() {
    FindMaxSearch search = search();
    // Probes hold to 2,300, the longer verification only to 2,250.
    List<String> probes = new ArrayList<>();
    while (!search.finished()) {
      Probe probe = search.current();
      probes.add(probe.kind() + " " + probe.users());
      int limit = probe.kind() == Probe.Kind.VERIFICATION ? 2_250 : 2_300;
      boolean held = probe.users() <= limit;
      search.verdict(held ? WindowVerdict.PASSED : WindowVerdict.FAILED, held ? 0.3 : 3);
    }

    // 2,299 failed its verification: the bracket is 2,236 to 2,299 and bisects again.
    assertThat(probes).containsSubsequence("VERIFICATION 2299", "PROBE 2267");
    assertThat(search.peakUsers()).isLessThanOrEqualTo(2_250);
    assertThat(probes.get(probes.size() - 1)).startsWith("VERIFICATION");
  }

  @Test
  void aMarginalWindowRunsAgainAndTwoAgreeingWindowsDecidePassingOrFailing() {
    FindMaxSearch search = search(25, 0);
    run(search, users -> users <= 2_000, true); // climb: 2,000 holds, 2,500 fails
    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.PROBE, 2_236));

    // A marginal pass (p99 at 90 % of its limit) runs again; the second fails marginally, so a
    // third decides: it fails.
    search.verdict(WindowVerdict.PASSED, 0.9);
    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.PROBE, 2_236));
    search.verdict(WindowVerdict.FAILED, 1.1);
    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.PROBE, 2_236));
    search.verdict(WindowVerdict.FAILED, 1.2);
    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.PROBE, 2_115));

    // A marginal failure confirmed by a clear one decides at the second window.
    search.verdict(WindowVerdict.FAILED, 1.15);
    search.verdict(WindowVerdict.FAILED, 4);
    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.PROBE, 2_057));

    // Outside the band a window decides at once, either way.
    search.verdict(WindowVerdict.PASSED, 0.5);
    assertThat(search.current().users()).isNotEqualTo(2_057);
  }

  @Test
  void withoutABandEveryWindowDecidesAtOnce() {
    FindMaxSearch search = search(0, 0);
    run(search, users -> users <= 2_000, true);

    search.verdict(WindowVerdict.PASSED, 0.99);

    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.PROBE, 2_364));
  }

  @Test
  void anInvalidWindowRunsAgainAndASecondInARowEndsTheSearchInvalid() {
    FindMaxSearch search = search();
    search.verdict(WindowVerdict.PASSED, 0.2);
    search.verdict(WindowVerdict.INVALID, 0.2);
    assertThat(search.current()).isEqualTo(new Probe(Probe.Kind.STEP, 1_000));
    search.verdict(WindowVerdict.PASSED, 0.2);
    search.verdict(WindowVerdict.INVALID, 0.2);
    assertThat(search.finished()).isFalse();
    search.verdict(WindowVerdict.INVALID, 0.2);

    assertThat(search.finished()).isTrue();
    assertThat(search.endedInvalid()).isTrue();
  }

  @Test
  void aFirstStepThatFailsRunsAsAProbeBeforeTheSearchHalvesBelowIt() {
    FindMaxSearch search = search();

    // A cold stack fails its first step; warm, it holds 1,200 users.
    boolean[] cold = {true};
    List<String> probes =
        run(
            search,
            users -> {
              boolean held = !cold[0] && users <= 1_200;
              cold[0] = false;
              return held;
            });

    assertThat(probes).startsWith("STEP 500", "PROBE 500", "STEP 1000", "STEP 1500");
    assertThat(search.peakUsers()).isBetween(1_170, 1_200);
  }

  @Test
  void aHintedClimbWarmsUpAtHalfTheHintAndStepsFinerNearIt() {
    FindMaxSearch search = search(0, 4_000);

    List<String> probes = run(search, users -> users <= 3_900);

    assertThat(probes)
        .startsWith("STEP 2000", "STEP 2400", "STEP 2800", "STEP 3200", "STEP 3600", "STEP 3800")
        .contains("STEP 4000");
    assertThat(search.peakUsers()).isBetween(3_810, 3_900);
  }

  @Test
  void theCeilingHeldIsTheAnswerOnceVerified() {
    FindMaxSearch search = search();

    List<String> probes = run(search, users -> true);

    assertThat(probes).endsWith("STEP 9000", "PROBE 9000", "VERIFICATION 9000");
    assertThat(search.bracket()).isEqualTo(new Bracket(9_000, null));
  }

  @Test
  void theGeometricMidpointStaysInsideABracketWiderThanOneUser() {
    assertThat(FindMaxSearch.geometricMidpoint(100, 400)).isEqualTo(200);
    assertThat(FindMaxSearch.geometricMidpoint(10, 12)).isEqualTo(11);
  }
}
