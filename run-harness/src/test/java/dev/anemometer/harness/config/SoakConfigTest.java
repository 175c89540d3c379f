package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code soak} block and the {@code soak} preset. */
class SoakConfigTest {

  private final ConfigLoader loader = new ConfigLoader();

  @Test
  void withoutTheBlockThereIsNoSamplerAndTheThresholdsAreTheDefaults() {
    SoakSpec soak = loader.load(null, "local", List.of()).soak();

    assertThat(soak.enabled()).isFalse();
    assertThat(soak.every()).isEqualTo(Duration.ofSeconds(15));
    assertThat(soak.leakPercentPerHour()).isEqualTo(10);
    assertThat(soak.driftSpan()).isEqualTo(Duration.ofMinutes(10));
  }

  @Test
  void theSoakPresetIsAnHourOfSteadyLoadAtSeventyPercentOfTheLocalPeakWithTheSamplerOn() {
    AnemometerConfig config = loader.load(null, "soak", List.of());

    assertThat(config.soak().enabled()).isTrue();
    assertThat(config.strategy()).isEqualTo(Strategy.FIXED);
    assertThat(config.appInstances().get(0).users()).isEqualTo(3000);
    assertThat(config.appInstances().get(0).tiers().app().instances()).isEqualTo(2);
    assertThat(config.qos().interval().multipliedBy(config.qos().qosPeriods()))
        .isEqualTo(Duration.ofMinutes(60));
  }

  @Test
  void aTrialOfTheSoakShortensItOnTheCommandLine() {
    AnemometerConfig config =
        loader.load(
            null,
            "soak",
            List.of(
                "appInstances[0].users=300",
                "qos={rampUp: 20s, warmUp: 20s, interval: 60s, qosPeriods: 2}",
                "soak.every=5s"));

    assertThat(config.soak().every()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.soak().enabled()).isTrue();
    assertThat(config.qos().qosPeriods()).isEqualTo(2);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "soak.every=0s               | soak.every: must be a duration between 1s and 10m",
        "soak.every=11m              | soak.every: must be a duration between 1s and 10m",
        "soak.leakPercentPerHour=0   | soak.leakPercentPerHour: must be a percentage > 0 (got 0.0)",
        "soak.leakMinSpan=0s         | soak.leakMinSpan: must be a duration > 0",
        "soak.driftPercent=-5        | soak.driftPercent: must be a percentage > 0 (got -5.0)",
        "soak.driftMinMillis=-1      | soak.driftMinMillis: must be ≥ 0 (got -1.0)",
        "soak.driftSpan=0s           | soak.driftSpan: must be a duration > 0",
        "soak.enabled=sometimes      | soak.enabled: ",
        "soak.sampleEvery=15s        | soak.sampleEvery: unknown key; accepted: "
      })
  void eachSoakErrorNamesItsKey(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class, () -> loader.load(null, "soak", List.of(assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).anySatisfy(message -> assertThat(message).startsWith(expected));
  }
}
