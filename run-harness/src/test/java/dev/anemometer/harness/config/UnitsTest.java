package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class UnitsTest {

  @Test
  void durationsNeedAUnitAndPrintInTheirShortestForm() {
    assertThat(Durations.parse("90s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
    assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
    assertThat(Durations.parse("1.5h")).isEqualTo(Duration.ofMinutes(90));
    assertThat(Durations.format(Duration.ofSeconds(120))).isEqualTo("2m");
    assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
    assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    assertThatThrownBy(() -> Durations.parse("90")).hasMessageContaining("with a unit");
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
