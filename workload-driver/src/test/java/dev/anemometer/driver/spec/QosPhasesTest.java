package dev.anemometer.driver.spec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class QosPhasesTest {

  private final QosPhases phases =
      new QosPhases(
          95,
          Duration.ofMinutes(5),
          Duration.ofSeconds(30),
          Duration.ofMinutes(1),
          2,
          Duration.ofSeconds(5));

  @Test
  void aFixedPathRunsThroughEveryPhase() {
    assertThat(phases.fixedPath(100))
        .isEqualTo(
            new FixedLoadPathSpec(
                100,
                Duration.ofSeconds(30),
                Duration.ofMinutes(1),
                2,
                Duration.ofMinutes(5),
                Duration.ofSeconds(5)));
    assertThat(phases.fixedLength()).isEqualTo(Duration.ofSeconds(30 + 60 + 600 + 5));
  }

  @Test
  void theRulesAreWeathervanesAtThePercentile() {
    assertThat(phases.rules().percentile()).isEqualTo(95);
    assertThat(phases.rules().defaultLimit()).isEqualTo(Duration.ofSeconds(2));
  }
}
