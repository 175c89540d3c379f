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
  }

  @Test
  void theLineThroughTheOriginCarriesTheBusyShareEveryUserTookOnAverage() {
    // Session 35's second run: three of its probes, 2.32, 2.34 and 2.27 % busy per 100 users.
    BusyFit fit = new BusyFit();
    fit.add(3_336, 77.4);
    fit.add(3_850, 89.9);
    fit.add(4_099, 93.0);

    assertThat(fit.windows()).isEqualTo(3);
    assertThat(fit.busyPercentAt(4_303).getAsDouble()).isCloseTo(99.2, within(0.1));
  }

  @Test
  void aWindowWithoutUsersIsLeftOut() {
    BusyFit fit = new BusyFit();
    fit.add(0, 5);
    fit.add(1_000, 20);

    assertThat(fit.windows()).isEqualTo(1);
    assertThat(fit.busyPercentAt(2_000)).isEmpty();
  }
}
