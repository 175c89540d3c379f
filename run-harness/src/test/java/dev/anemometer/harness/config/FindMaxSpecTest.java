package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import org.junit.jupiter.api.Test;

class FindMaxSpecTest {

  @Test
  void byDefaultTheSearchClimbsInTenthsUpToFourFifthsOfTheData() {
    FindMaxSpec defaults = new FindMaxSpec(null, null, 1.0, 0);

    assertThat(defaults.ceilingFor(3000)).isEqualTo(2400);
    assertThat(defaults.initialStepFor(3000)).isEqualTo(240);
    assertThat(defaults.ceilingFor(2)).isEqualTo(1);
    assertThat(defaults.initialStepFor(2)).isEqualTo(1);
  }

  @Test
  void aGivenCeilingAndStepStandButNeverBeyondTheData() {
    FindMaxSpec given = new FindMaxSpec(50, 100, 5.0, 0);

    assertThat(given.ceilingFor(300)).isEqualTo(100);
    assertThat(given.initialStepFor(300)).isEqualTo(50);
    assertThat(given.ceilingFor(80)).isEqualTo(80);
    assertThat(new FindMaxSpec(500, 100, 5.0, 0).initialStepFor(300)).isEqualTo(100);
  }

  @Test
  void theMarginalBandIsTheDriversUnlessGiven() {
    assertThat(new FindMaxSpec(null, null, null, null).marginalBand())
        .isEqualTo(FindMaxLoadPathSpec.DEFAULT_MARGINAL_BAND_PERCENT);
    FindMaxSpec off =
        new FindMaxSpec(null, null, null, null, null, null, null, null, null, null, 0.0);
    assertThat(off.marginalBand()).isZero();
  }
}
