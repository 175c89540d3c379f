package dev.anemometer.harness.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as written in configuration files: a number with a unit ({@code 90s}, {@code 5m}). */
public final class Durations {

  public static final String EXPECTED = "a duration with a unit (250ms, 90s, 5m, 1h)";

  private static final Pattern FORMAT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)", Pattern.CASE_INSENSITIVE);

  private Durations() {}

  public static Duration parse(String text) {
    Matcher matcher = FORMAT.matcher(text == null ? "" : text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not " + EXPECTED);
    }
    double number = Double.parseDouble(matcher.group(1));
    double millisPerUnit =
        switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
          case "ms" -> 1;
          case "s" -> 1_000;
          case "m" -> 60_000;
          case "h" -> 3_600_000;
          default -> 86_400_000;
        };
    return Duration.ofMillis(Math.round(number * millisPerUnit));
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
