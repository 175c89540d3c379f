package dev.anemometer.harness.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.harness.json.Json;
import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {

  @Test
  void studentsTMatchesTheTablesForFewDegreesOfFreedomAndTendsToTheNormal() {
    assertThat(ConfidenceInterval.studentT(1)).isCloseTo(12.706, within(0.0005));
    assertThat(ConfidenceInterval.studentT(2)).isCloseTo(4.303, within(0.0005));
    assertThat(ConfidenceInterval.studentT(4)).isCloseTo(2.776, within(0.0005));
    assertThat(ConfidenceInterval.studentT(30)).isCloseTo(2.042, within(0.0005));
    assertThat(ConfidenceInterval.studentT(100_000)).isCloseTo(1.960, within(0.0005));
  }

  @Test
  void theIntervalOfAMeanIsTTimesTheStandardErrorEitherSide() {
    // Three runs with mean 4050 and sd 50: 4.303 × 50 / √3 = 124.2.
    ConfidenceInterval ci = ConfidenceInterval.ofMean(4050, 50, 3);

    assertThat(ci.levelPercent()).isEqualTo(95);
    assertThat(ci.halfWidth()).isCloseTo(124.21, within(0.01));
    assertThat(ci.low()).isCloseTo(3925.79, within(0.01));
    assertThat(ci.high()).isCloseTo(4174.21, within(0.01));
    assertThat(ci.halfWidthPercent()).isCloseTo(3.07, within(0.01));
    assertThat(ci.describe("%.0f")).isEqualTo("4050 ± 124 (95 % CI 3926–4174)");
  }

  @Test
  void oneValueHasNoInterval() {
    assertThatThrownBy(() -> ConfidenceInterval.ofMean(4050, 0, 1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void anIntervalReadsBackAsWritten() {
    ConfidenceInterval ci = ConfidenceInterval.ofMean(4050, 50, 3);

    assertThat(
            Json.pretty().readValue(Json.pretty().writeValueAsString(ci), ConfidenceInterval.class))
        .isEqualTo(ci);
  }
}
