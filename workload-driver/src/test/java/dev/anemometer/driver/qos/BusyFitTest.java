package dev.anemometer.driver.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BusyFitTest {

  @Test
  void oneWindowIsNoLine() {
    BusyFit fit = new BusyFit();
    fit.add(4_000, 90);

    assertThat(fit.busyPercentAt(4_000)).isEmpty();
    assertThat(fit.windowsNear(4_000)).isEqualTo(1);
  }

  @Test
  void theLineThroughTheOriginCarriesTheBusyShareEveryNearUserTookOnAverage() {
    // Session 35's second run: three of its probes, 2.32, 2.38 and 2.34 % busy per 100 users.
    BusyFit fit = new BusyFit();
    fit.add(3_336, 77.4);
    fit.add(3_502, 83.3);
    fit.add(3_850, 89.9);

    assertThat(fit.windowsNear(3_502)).isEqualTo(3);
    assertThat(fit.busyPercentAt(3_502).getAsDouble()).isCloseTo(82.1, within(0.1));
    assertThat(fit.windowsNear(3_850)).as("3,336 is more than 10 % below").isEqualTo(2);
  }

  @Test
  void windowsFarBelowDoNotPullTheLineUp() {
    // Session 35's fourth run: the stack's fixed work weighs more per user far below the peak.
    BusyFit fit = new BusyFit();
    fit.add(2_325, 67.4);
    fit.add(2_501, 67.2);
    fit.add(3_226, 85.8);
    fit.add(3_546, 92.4);

    assertThat(fit.windowsNear(3_546)).isEqualTo(2);
    assertThat(fit.busyPercentAt(3_546).getAsDouble()).isCloseTo(93.3, within(0.1));
  }

  @Test
  void aWindowWithoutUsersIsLeftOut() {
    BusyFit fit = new BusyFit();
    fit.add(0, 5);
    fit.add(1_000, 20);

    assertThat(fit.windowsNear(1_000)).isEqualTo(1);
    assertThat(fit.busyPercentAt(1_000)).isEmpty();
  }

  @Test
  void aWindowIsJudgedWithItsOwnShareWithoutCountingTowardsTheNext() {
    BusyFit fit = new BusyFit();
    fit.add(3_336, 77.4);

    BusyFit judged = fit.with(3_502, 83.3);

    assertThat(judged.windowsNear(3_502)).isEqualTo(2);
    assertThat(judged.busyPercentAt(3_502)).isPresent();
    assertThat(fit.windowsNear(3_502)).as("the search's own fit").isEqualTo(1);
  }
}
