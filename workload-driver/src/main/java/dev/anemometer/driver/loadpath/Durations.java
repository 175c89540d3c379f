package dev.anemometer.driver.loadpath;

import java.time.Duration;

/** Validation of spec durations with messages that name the field. */
final class Durations {

  private Durations() {}

  static void requireNonNegative(String name, Duration value) {
    if (value == null || value.isNegative()) {
      throw new IllegalArgumentException(name + ": must be a duration >= 0, was " + value);
    }
  }

  static void requirePositive(String name, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + ": must be a duration > 0, was " + value);
    }
  }
}
