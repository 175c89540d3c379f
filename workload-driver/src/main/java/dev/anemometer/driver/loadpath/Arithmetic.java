package dev.anemometer.driver.loadpath;

/** Exact integer helpers, so that users-at-t never depends on floating-point rounding. */
final class Arithmetic {

  private Arithmetic() {}

  /** {@code numerator / denominator} rounded half up; denominator must be positive. */
  static long roundDiv(long numerator, long denominator) {
    return Math.floorDiv(2 * numerator + denominator, 2 * denominator);
  }

  /** Linear interpolation from {@code from} to {@code to} at {@code part / whole}, rounded. */
  static int interpolate(int from, int to, long part, long whole) {
    if (whole <= 0) {
      return to;
    }
    return from + (int) roundDiv((long) (to - from) * part, whole);
  }
}
