package dev.anemometer.driver.loadpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class FindMaxSearchTest {

  private static FindMaxLoadPathSpec spec(int step, int verifications, int maxUsers) {
    return new FindMaxLoadPathSpec(
        step,
        Duration.ofSeconds(60),
        Duration.ofSeconds(60),
        Duration.ofSeconds(120),
        Duration.ofSeconds(300),
        1.0,
        verifications,
        maxUsers,
        0,
        0);
  }

  /** The defaults of a harness run: 2.5 % precision, failures within 10 % confirmed once. */
  private static FindMaxLoadPathSpec confirming(int step, int maxUsers, int hint) {
    return new FindMaxLoadPathSpec(
        step,
        Duration.ofSeconds(30),
        Duration.ofSeconds(30),
        Duration.ofSeconds(60),
        Duration.ofSeconds(120),
        2.5,
        0,
        maxUsers,
        hint,
        10);
  }

  /** Feeds verdicts from {@code passes} until the search ends; returns the probed user counts. */
  private static List<String> drive(FindMaxSearch search, IntPredicate passes) {
    return driveVerdicts(
        search, users -> passes.test(users) ? WindowVerdict.PASSED : WindowVerdict.FAILED_NARROWLY);
  }

  private static List<String> driveVerdicts(
      FindMaxSearch search, java.util.function.IntFunction<WindowVerdict> verdicts) {
    List<String> probes = new ArrayList<>();
    while (!search.finished()) {
      Probe probe = search.current();
      WindowVerdict verdict = verdicts.apply(probe.users());
      String mark =
          switch (verdict) {
            case PASSED -> "+";
            case FAILED_NARROWLY -> "-";
            case FAILED -> "x";
            case FAILED_ON_MIX_ONLY -> "~";
          };
      probes.add(probe.kind().name().charAt(0) + "" + probe.users() + mark);
      search.verdict(verdict);
      assertThat(probes).hasSizeLessThan(100);
    }
    return probes;
  }

  @Test
  void climbsToFindTheRegionThenBisectsItWithProbesUntilTheGapIsBelowThePrecision() {
    FindMaxSearch search = new FindMaxSearch(spec(100, 0, 10_000));

    List<String> probes = drive(search, users -> users <= 537);

    assertThat(probes)
        .containsExactly(
            "I100+", "I200+", "I300+", "I400+", "I500+", "I600-", // the climb finds the region
            "P600-", // a narrowly failed step is probed first: steps are pessimistic
            "P550-", // it failed as a probe too: bisect the region
            "P500+", // no probe passed yet: back to the last step that passed
            "P525+", // bisect
            "P537+", "P543-", "P540-"); // gap 537..540 = 0.56 % < 1 %: stop
    assertThat(search.peakUsers()).isEqualTo(537);
  }

  @Test
  void aClimbThatFailedEarlyIsLeftBehindAndStepsGrowWhileProbesKeepPassing() {
    // The climb fails early (a transient); the capacity is 1000.
    FindMaxSearch search = new FindMaxSearch(spec(100, 0, 10_000));
    int[] calls = {0};

    List<String> probes = drive(search, users -> calls[0]++ == 2 ? false : users <= 1000);

    assertThat(probes)
        .containsExactly(
            "I100+", "I200+", "I300-", // the region seems to be 200..300
            "P300+", // the failing step holds as a probe: the climb was pessimistic
            "P306+", "P312+", // up by twice the precision, twice,
            "P324+", "P348+", "P396+", "P492+", "P684+", "P1068-", // then doubling
            "P876+", "P972+", "P1020-", "P996+", "P1008-", "P1002-"); // bisecting to 0.6 %
    assertThat(search.peakUsers()).isEqualTo(996);
  }

  @Test
  void stopsAtTheIntegerResolutionForSmallCounts() {
    FindMaxSearch search = new FindMaxSearch(spec(4, 0, 100));

    List<String> probes = drive(search, users -> users <= 5);

    assertThat(probes).containsExactly("I4+", "I8-", "P8-", "P6-", "P4+", "P5+");
    assertThat(search.peakUsers()).isEqualTo(5);
  }

  @Test
  void aNoisyProbeNearTheBoundaryDoesNotDragTheAnswerDown() {
    // Capacity 4,300; the first run at 4,250 fails by chance, its confirmation passes.
    FindMaxSearch search = new FindMaxSearch(confirming(500, 7_200, 0));
    int[] runsAt4250 = {0};

    List<String> probes =
        drive(search, users -> users == 4_250 && runsAt4250[0]++ == 0 ? false : users <= 4_300);

    assertThat(probes)
        .containsExactly(
            "I500+", "I1000+", "I1500+", "I2000+", "I2500+", "I3000+", "I3500+", "I4000+", "I4500-",
            "P4500-", // the failed step fails as a probe too (no confirmation: it failed twice)
            "P4250-", "C4250+", // the fail is run once more at once: it was noise
            "P4375-", "C4375-", // confirmed: a bound
            "P4312-", "C4312-"); // 4,250..4,312 = 1.5 % < 2.5 %: stop
    assertThat(search.peakUsers()).isEqualTo(4_250);
  }

  @Test
  void withoutConfirmationTheSameNoiseWouldHaveLoweredThePeak() {
    FindMaxLoadPathSpec noConfirmation =
        new FindMaxLoadPathSpec(
            500,
            Duration.ofSeconds(30),
            Duration.ofSeconds(30),
            Duration.ofSeconds(60),
            Duration.ofSeconds(120),
            2.5,
            0,
            7_200,
            0,
            0);
    FindMaxSearch search = new FindMaxSearch(noConfirmation);
    int[] runsAt4250 = {0};

    drive(search, users -> users == 4_250 && runsAt4250[0]++ == 0 ? false : users <= 4_300);

    assertThat(search.peakUsers()).isLessThan(4_250);
  }

  @Test
  void aFailFarAboveTheHighestPassIsNotConfirmed() {
    FindMaxSearch search = new FindMaxSearch(confirming(1_000, 9_000, 0));

    List<String> probes = drive(search, users -> users <= 1_200);

    assertThat(probes)
        .containsExactly(
            "I1000+", "I2000-", "P2000-", "P1500-", "C1500-", // no probe passed yet: confirmed
            "P1000+", "P1250-", // 25 % above the highest pass: a bound at once
            "P1125+", "P1187+", "P1218-", "C1218-", // within 10 %: confirmed
            "P1202-", "C1202-"); // 1,187..1,202 = 1.3 %
    assertThat(search.peakUsers()).isEqualTo(1_187);
  }

  @Test
  void aProbeFailedOnTheMixAloneCountsAsCapacityHeldAndIsKeptInTheHistory() {
    // Capacity 4,300, and every probe from 4,000 up misses the mix with room to spare.
    FindMaxSearch search = new FindMaxSearch(confirming(500, 7_200, 0));

    List<String> probes =
        driveVerdicts(
            search,
            users ->
                users > 4_300
                    ? WindowVerdict.FAILED_NARROWLY
                    : users >= 4_000 ? WindowVerdict.FAILED_ON_MIX_ONLY : WindowVerdict.PASSED);

    assertThat(probes).contains("P4250~");
    assertThat(search.peakUsers()).isEqualTo(4_250);
    assertThat(search.history())
        .filteredOn(outcome -> outcome.verdict() == WindowVerdict.FAILED_ON_MIX_ONLY)
        .allMatch(FindMaxSearch.Outcome::passed);
  }

  @Test
  void aClearFailureIsNotRunAgain() {
    // Capacity 4,600: the probe at 4,750 collapses (a rule beyond twice its limit).
    FindMaxSearch search = new FindMaxSearch(confirming(500, 7_200, 0));

    List<String> probes =
        driveVerdicts(
            search,
            users ->
                users <= 4_600
                    ? WindowVerdict.PASSED
                    : users >= 4_700 ? WindowVerdict.FAILED : WindowVerdict.FAILED_NARROWLY);

    assertThat(probes)
        .containsSubsequence("I4500+", "I5000x", "P4750x", "P4500+", "P4625-", "C4625-")
        .doesNotContain("C4750x");
    assertThat(search.peakUsers()).isBetween(4_500, 4_600);
  }

  @Test
  void aHintStartsTheClimbJustBelowItInFinerSteps() {
    FindMaxSearch search = new FindMaxSearch(confirming(500, 7_200, 4_000));

    List<String> probes = drive(search, users -> users <= 4_300);

    assertThat(probes)
        .containsExactly(
            "I3600+", "I3800+", "I4000+", "I4200+", "I4400-", // 90 % of the hint, steps of 5 %
            "P4400-", // the step is probed first; it failed there already: no confirmation
            "P4300+"); // 2.3 % < 2.5 %
    assertThat(search.peakUsers()).isEqualTo(4_300);
  }

  @Test
  void reportsZeroWhenEvenOneUserFails() {
    FindMaxSearch search = new FindMaxSearch(spec(10, 0, 100));

    List<String> probes = drive(search, users -> false);

    assertThat(probes).containsExactly("I10-", "P10-", "P5-", "P2-", "P1-");
    assertThat(search.peakUsers()).isZero();
  }

  @Test
  void stopsAtMaxUsersWhenEverythingPasses() {
    FindMaxSearch search = new FindMaxSearch(spec(100, 0, 250));

    List<String> probes = drive(search, users -> true);

    assertThat(probes).containsExactly("I100+", "I200+", "I250+", "P250+");
    assertThat(search.peakUsers()).isEqualTo(250);
  }

  @Test
  void verificationRepeatsTheAnswerAndResumesBelowWhenItFails() {
    FindMaxSearch search = new FindMaxSearch(spec(100, 2, 10_000));
    int[] verifications = {0};

    // 537 passes in the search but fails its first verification; 530 is the real capacity.
    List<String> probes =
        drive(
            search,
            users -> {
              if (users == 537 && search.current().kind() == Probe.Kind.VERIFICATION) {
                return verifications[0]++ > 0;
              }
              return users <= 537;
            });

    assertThat(probes)
        .containsExactly(
            "I100+", "I200+", "I300+", "I400+", "I500+", "I600-", "P600-", "P550-", "P500+",
            "P525+", "P537+", "P543-", "P540-",
            "V537-", // the answer does not hold: 537 is now the lowest fail
            "P531+", // resume between 525 and 537 (gap 6 = 1.1 %)
            "P534+", // gap 3 = 0.56 %: converged again
            "V534+", "V534+"); // both verifications pass
    assertThat(search.peakUsers()).isEqualTo(534);
  }
}
