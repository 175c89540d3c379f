package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnitsTest {

  @Test
  void configDurationsUseTheDriversGrammar() {
    AnemometerConfig config =
        new ConfigLoader().load(null, "quickstart", List.of("qos.interval=2M", "qos.rampUp=1.5h"));

    assertThat(config.qos().interval()).isEqualTo(Duration.ofMinutes(2));
    assertThat(config.qos().rampUp()).isEqualTo(Duration.ofMinutes(90));
    assertThatThrownBy(
            () -> new ConfigLoader().load(null, "quickstart", List.of("qos.interval=90")))
        .hasMessageContaining("qos.interval")
        .hasMessageContaining(DurationSyntax.EXPECTED);
  }

  @Test
  void sizesAreAbsoluteOrAShareOfTheTiersMemory() {
    assertThat(Size.parse("512m").bytes()).isEqualTo(512L << 20);
    assertThat(Size.parse("2g").resolveMegabytes(0)).isEqualTo(2048);
    assertThat(Size.parse("64KB").bytes()).isEqualTo(64L << 10);
    assertThat(Size.parse("25%").resolveMegabytes(4L << 30)).isEqualTo(1024);
    assertThat(Size.parse("2g").toString()).isEqualTo("2g");
    assertThat(Size.parse("25%").toString()).isEqualTo("25%");
    assertThatThrownBy(() -> Size.parse("lots")).hasMessageContaining("is not a size");
  }
}
