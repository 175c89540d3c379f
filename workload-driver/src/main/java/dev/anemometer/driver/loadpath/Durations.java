package dev.anemometer.driver.loadpath;

import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;

/** Validation of spec durations with messages that name the field. */
final class Durations {

  private Durations() {}

  static void requireNonNegative(String name, Duration value) {
    requirePresent(name, value);
    if (value.isNegative()) {
      throw new IllegalArgumentException(
          name + ": must be a duration >= 0, was " + DurationSyntax.format(value));
    }
  }

  static void requirePositive(String name, Duration value) {
    requirePresent(name, value);
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(
          name + ": must be a duration > 0, was " + DurationSyntax.format(value));
    }
  }

  private static void requirePresent(String name, Duration value) {
    if (value == null) {
      throw new IllegalArgumentException(name + ": is required, a duration such as 90s or 5m");
    }
  }
}
