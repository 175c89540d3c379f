package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A memory size: absolute ({@code 512m}, {@code 2g}, binary units) or a share of the tier's memory
 * ({@code 25%}). Exactly one of {@code bytes} and {@code percent} is meaningful.
 */
public record Size(long bytes, double percent, boolean relative) {

  private static final Pattern FORMAT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(k|kb|m|mb|g|gb|t|tb|b|%)?", Pattern.CASE_INSENSITIVE);

  public static final String EXPECTED = "a size with a unit (64k, 512m, 2g) or a share (25%)";

  public static Size ofBytes(long bytes) {
    return new Size(bytes, 0, false);
  }

  public static Size ofPercent(double percent) {
    return new Size(0, percent, true);
  }

  public static Size ofMegabytes(long megabytes) {
    return ofBytes(megabytes << 20);
  }

  /** Parses {@code 512m}, {@code 2g}, {@code 25%}; a bare number is taken as bytes. */
  @JsonCreator
  public static Size parse(String text) {
    Matcher matcher = FORMAT.matcher(text == null ? "" : text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not " + EXPECTED);
    }
    double number = Double.parseDouble(matcher.group(1));
    String unit = matcher.group(2) == null ? "b" : matcher.group(2).toLowerCase(Locale.ROOT);
    if (unit.equals("%")) {
      return ofPercent(number);
    }
    long multiplier =
        switch (unit.charAt(0)) {
          case 'k' -> 1L << 10;
          case 'm' -> 1L << 20;
          case 'g' -> 1L << 30;
          case 't' -> 1L << 40;
          default -> 1L;
        };
    return ofBytes(Math.round(number * multiplier));
  }

  /** The size in bytes, taking a share of {@code tierMemoryBytes} when relative. */
  public long resolveBytes(long tierMemoryBytes) {
    return relative ? Math.round(tierMemoryBytes * percent / 100.0) : bytes;
  }

  /**
   * The size in whole megabytes (at least 1), the unit nginx, PostgreSQL and the JVM all accept.
   */
  public long resolveMegabytes(long tierMemoryBytes) {
    return Math.max(1, resolveBytes(tierMemoryBytes) >> 20);
  }

  @JsonValue
  @Override
  public String toString() {
    if (relative) {
      return (percent == Math.rint(percent) ? String.valueOf((long) percent) : percent + "") + "%";
    }
    if (bytes != 0 && bytes % (1L << 30) == 0) {
      return (bytes >> 30) + "g";
    }
    if (bytes != 0 && bytes % (1L << 20) == 0) {
      return (bytes >> 20) + "m";
    }
    if (bytes != 0 && bytes % (1L << 10) == 0) {
      return (bytes >> 10) + "k";
    }
    return String.valueOf(bytes);
  }
}
