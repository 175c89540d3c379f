package dev.anemometer.driver.syntax;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way Anemometer writes a duration, in the driver's options and run files and in the
 * harness's configuration: a number with a unit ({@code ms}, {@code s}, {@code m}, {@code h} or
 * {@code d}, in any case), such as {@code 250ms}, {@code 90s}, {@code 1.5h}. Fractions are rounded
 * to the millisecond.
 */
public final class DurationSyntax {

  /** What a duration looks like, for error messages. */
  public static final String EXPECTED = "a duration with a unit (250ms, 90s, 5m, 1h)";

  private static final Pattern FORMAT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)", Pattern.CASE_INSENSITIVE);

  private DurationSyntax() {}

  /** The duration {@code text} spells; empty when it is not one (or is null). */
  public static Optional<Duration> tryParse(String text) {
    Matcher matcher = FORMAT.matcher(text == null ? "" : text.trim());
    if (!matcher.matches()) {
      return Optional.empty();
    }
    long millisPerUnit =
        switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
          case "ms" -> 1;
          case "s" -> 1_000;
          case "m" -> 60_000;
          case "h" -> 3_600_000;
          default -> 86_400_000;
        };
    BigDecimal millis =
        new BigDecimal(matcher.group(1))
            .multiply(BigDecimal.valueOf(millisPerUnit))
            .setScale(0, RoundingMode.HALF_UP);
    return Optional.of(Duration.ofMillis(millis.longValueExact()));
  }

  /**
   * @throws IllegalArgumentException quoting {@code text} when it is not a duration
   */
  public static Duration parse(String text) {
    return tryParse(text)
        .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not " + EXPECTED));
  }

  /** The shortest exact spelling: {@code 5m}, {@code 90s}, {@code 250ms}. */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    if (millis != 0 && millis % 3_600_000 == 0) {
      return millis / 3_600_000 + "h";
    }
    if (millis != 0 && millis % 60_000 == 0) {
      return millis / 60_000 + "m";
    }
    if (millis % 1_000 == 0) {
      return millis / 1_000 + "s";
    }
    return millis + "ms";
  }
}
