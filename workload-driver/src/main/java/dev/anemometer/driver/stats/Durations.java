package dev.anemometer.driver.stats;

import java.util.Locale;

/** Human formatting of microsecond values for reasons and console lines. */
public final class Durations {

  private Durations() {}

  /** {@code 2400000 → "2.4 s"}, {@code 1500 → "1.5 ms"}, {@code 12 → "12 µs"}. */
  public static String format(long micros) {
    if (micros >= 1_000_000) {
      return trim(micros / 1_000_000.0, 2) + " s";
    }
    if (micros >= 1_000) {
      return trim(micros / 1_000.0, 1) + " ms";
    }
    return micros + " µs";
  }

  // Histogram values carry 3 significant digits; the text shows what matters to a reader.
  private static String trim(double value, int decimals) {
    String text = String.format(Locale.ROOT, "%." + decimals + "f", value);
    text = text.replaceAll("0+$", "");
    return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
  }
}
