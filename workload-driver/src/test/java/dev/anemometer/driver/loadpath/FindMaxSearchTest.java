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
        maxUsers);
  }

  /** Feeds verdicts from {@code passes} until the search ends; returns the probed user counts. */
  private static List<String> drive(FindMaxSearch search, IntPredicate passes) {
    List<String> probes = new ArrayList<>();
    while (!search.finished()) {
      Probe probe = search.current();
      boolean passed = passes.test(probe.users());
      probes.add(probe.kind().name().charAt(0) + "" + probe.users() + (passed ? "+" : "-"));
      search.verdict(passed);
      assertThat(probes).hasSizeLessThan(100);
    }
    return probes;
  }

  @Test
  void climbsThenBracketsTheCapacityUntilTheGapIsBelowOnePercent() {
    FindMaxSearch search = new FindMaxSearch(spec(100, 0, 10_000));

    List<String> probes = drive(search, users -> users <= 537);

    assertThat(probes)
        .containsExactly(
            "I100+", "I200+", "I300+", "I400+", "I500+", "I600-", // initial ramp until it fails
            "P500+", // probing starts at the last step that passed, step 50
            "P550-", // up 50: fails, step halves to 25
            "P525+", // down 25
            "P537+", // 550 is known to fail: bisect
            "P543-", // two passes: step doubles to 50, clipped into the bracket
            "P540-"); // gap 537..540 = 0.56 % < 1 %: stop
    assertThat(search.peakUsers()).isEqualTo(537);
  }

  @Test
  void stepsGrowWhileProbesKeepPassing() {
    // The initial ramp fails early (a transient); the capacity is 1000.
    FindMaxSearch search = new FindMaxSearch(spec(100, 0, 10_000));
    int[] calls = {0};

    List<String> probes = drive(search, users -> calls[0]++ == 2 ? false : users <= 1000);

    assertThat(probes)
        .containsExactly(
            "I100+", "I200+", "I300-", "P200+", "P250+", // +50
            "P350+", "P550+", "P950+", "P1750-", // doubling: +100, +200, +400, +800
            "P1350-", "P1150-", "P1050-", // halving: -400, -200, -100
            "P1000+", "P1025-", "P1012-", "P1006-"); // bisecting down to 0.6 %
    assertThat(search.peakUsers()).isEqualTo(1000);
  }

  @Test
  void stopsAtTheIntegerResolutionForSmallCounts() {
    FindMaxSearch search = new FindMaxSearch(spec(4, 0, 100));

    List<String> probes = drive(search, users -> users <= 5);

    assertThat(probes).containsExactly("I4+", "I8-", "P4+", "P6-", "P5+");
    assertThat(search.peakUsers()).isEqualTo(5);
  }

  @Test
  void reportsZeroWhenEvenOneUserFails() {
    FindMaxSearch search = new FindMaxSearch(spec(10, 0, 100));

    List<String> probes = drive(search, users -> false);

    assertThat(probes).containsExactly("I10-", "P5-", "P3-", "P2-", "P1-");
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
            "I100+", "I200+", "I300+", "I400+", "I500+", "I600-", "P500+", "P550-", "P525+",
            "P537+", "P543-", "P540-",
            "V537-", // the answer does not hold: 537 is now the lowest fail
            "P531+", // resume between 525 and 537 (gap 6 = 1.1 %)
            "P534+", // gap 3 = 0.56 %: converged again
            "V534+", "V534+"); // both verifications pass
    assertThat(search.peakUsers()).isEqualTo(534);
  }
}
