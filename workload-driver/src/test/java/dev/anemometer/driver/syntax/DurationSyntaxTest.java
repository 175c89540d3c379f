package dev.anemometer.driver.syntax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationSyntaxTest {

  @Test
  void readsEveryUnitInAnyCase() {
    assertThat(DurationSyntax.parse("250ms")).isEqualTo(Duration.ofMillis(250));
    assertThat(DurationSyntax.parse("90s")).isEqualTo(Duration.ofSeconds(90));
    assertThat(DurationSyntax.parse("5M")).isEqualTo(Duration.ofMinutes(5));
    assertThat(DurationSyntax.parse(" 1.5h ")).isEqualTo(Duration.ofMinutes(90));
    assertThat(DurationSyntax.parse("2d")).isEqualTo(Duration.ofDays(2));
    assertThat(DurationSyntax.parse("1.5ms")).isEqualTo(Duration.ofMillis(2));
  }

  @Test
  void aNumberWithoutAUnitIsNoDuration() {
    assertThat(DurationSyntax.tryParse("90")).isEmpty();
    assertThat(DurationSyntax.tryParse(null)).isEmpty();
    assertThatThrownBy(() -> DurationSyntax.parse("90"))
        .hasMessage("'90' is not a duration with a unit (250ms, 90s, 5m, 1h)");
  }

  @Test
  void writesTheShortestExactSpelling() {
    assertThat(DurationSyntax.format(Duration.ofSeconds(120))).isEqualTo("2m");
    assertThat(DurationSyntax.format(Duration.ofSeconds(90))).isEqualTo("90s");
    assertThat(DurationSyntax.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    assertThat(DurationSyntax.format(Duration.ofHours(48))).isEqualTo("48h");
    assertThat(DurationSyntax.format(Duration.ZERO)).isEqualTo("0s");
  }
}
