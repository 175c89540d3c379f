package dev.anemometer.driver.cli;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations written with units, as everywhere in Anemometer: {@code 200ms}, {@code 90s}, {@code
 * 5m}, {@code 1h}.
 */
public final class DurationText {

  private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

  private DurationText() {}

  /**
   * @param name the option or config path, for the error message
   * @throws IllegalArgumentException naming {@code name} when the text is not a duration
   */
  public static Duration parse(String name, String text) {
    if (text == null) {
      throw new IllegalArgumentException(name + ": missing duration");
    }
    Matcher matcher = FORMAT.matcher(text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(
          name + ": expected a duration such as 90s, 5m or 200ms, was '" + text + "'");
    }
    BigDecimal amount = new BigDecimal(matcher.group(1));
    long millisPerUnit =
        switch (matcher.group(2)) {
          case "ms" -> 1;
          case "s" -> 1_000;
          case "m" -> 60_000;
          default -> 3_600_000;
        };
    return Duration.ofMillis(amount.multiply(BigDecimal.valueOf(millisPerUnit)).longValue());
  }
}
