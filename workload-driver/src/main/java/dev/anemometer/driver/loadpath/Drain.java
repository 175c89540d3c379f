package dev.anemometer.driver.loadpath;

/**
 * How long the load stays low after a window that did not pass, so that the next probe measures its
 * own load and not the overload's aftermath: {@link FindMaxLoadPathInstance#DRAIN} unless a watch
 * inside it sees the stack still overloaded; then until the watches have found it within its limits
 * for a whole {@link FindMaxLoadPathInstance#DRAIN} in a row, at most {@link
 * FindMaxLoadPathInstance#MAX_DRAIN}. One quiet watch is not enough: the users whose requests
 * failed start over together, and their wave comes back.
 */
final class Drain {

  private static final long LEAST_MILLIS = FindMaxLoadPathInstance.DRAIN.toMillis();
  private static final long MOST_MILLIS = FindMaxLoadPathInstance.MAX_DRAIN.toMillis();

  private long lengthMillis = LEAST_MILLIS;
  private boolean stillOverloaded;
  private long withinLimitsSinceMillis = -1;
  private boolean over;

  /** The drain's length as known now: the longest while the stack is seen overloaded. */
  long lengthMillis() {
    return stillOverloaded ? MOST_MILLIS : lengthMillis;
  }

  /** The probe has begun: the length is fixed. */
  void end() {
    over = true;
  }

  /** A new probe: a drain of its own, if it has one. */
  void reset() {
    lengthMillis = LEAST_MILLIS;
    stillOverloaded = false;
    withinLimitsSinceMillis = -1;
    over = false;
  }

  /** A watch of the drain from {@code fromMillis} to {@code toMillis} found the stack so. */
  void observed(long fromMillis, long toMillis, boolean withinLimits, long startMillis) {
    if (over) {
      return;
    }
    if (!withinLimits) {
      stillOverloaded = true;
      withinLimitsSinceMillis = -1;
      return;
    }
    if (!stillOverloaded) {
      return;
    }
    if (withinLimitsSinceMillis < 0) {
      withinLimitsSinceMillis = fromMillis;
    }
    if (toMillis - withinLimitsSinceMillis >= LEAST_MILLIS) {
      stillOverloaded = false;
      lengthMillis = Math.max(LEAST_MILLIS, Math.min(MOST_MILLIS, toMillis - startMillis));
    }
  }
}
