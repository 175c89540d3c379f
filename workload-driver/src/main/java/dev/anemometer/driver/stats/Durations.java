package dev.anemometer.driver.stats;

import java.util.Locale;

/** Human formatting of microsecond values for reasons and console lines. */
public final class Durations {

  private Durations() {}

  /** {@code 2400000 → "2.4 s"}, {@code 1500 → "1.5 ms"}, {@code 12 → "12 µs"}. */
  public static String format(long micros) {
    if (micros >= 1_000_000) {
      return trim(micros / 1_000_000.0) + " s";
    }
    if (micros >= 1_000) {
      return trim(micros / 1_000.0) + " ms";
    }
    return micros + " µs";
  }

  private static String trim(double value) {
    String text = String.format(Locale.ROOT, "%.3f", value);
    text = text.replaceAll("0+$", "");
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }
}
