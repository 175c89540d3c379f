package dev.anemometer.driver.loadpath;

/**
 * How long the load stays low after a window that did not pass, so that the next probe measures its
 * own load and not the overload's aftermath: {@link FindMaxLoadPathInstance#DRAIN} unless a watch
 * inside it sees the stack still overloaded; then until the watches have found it within its limits
 * for a whole {@link FindMaxLoadPathInstance#DRAIN} in a row, at most {@link
 * FindMaxLoadPathInstance#MAX_DRAIN}. One quiet watch is not enough: the users whose requests
 * failed start over together, and their wave comes back.
 *
 * <p>A drain that does not drain is none: for every {@link FindMaxLoadPathInstance#DRAIN} the
 * watches find the stack still beyond its limits, its load halves (at most {@value #MOST_HALVINGS}
 * times). An overload feeds itself (failed users start over with a login, queues and pools stay
 * full), so a load the stack carries from a quiet start may not drain it; without this the next
 * probe would measure the overload's aftermath, fail, and overload the stack again.
 */
final class Drain {

  private static final long LEAST_MILLIS = FindMaxLoadPathInstance.DRAIN.toMillis();
  private static final long MOST_MILLIS = FindMaxLoadPathInstance.MAX_DRAIN.toMillis();

  /** How often a drain that the stack does not follow halves its load, at most. */
  static final int MOST_HALVINGS = 3;

  private long lengthMillis = LEAST_MILLIS;
  private long overloadedMillis;
  private boolean stillOverloaded;
  private long withinLimitsSinceMillis = -1;
  private boolean over;

  /** The drain's length as known now: the longest while the stack is seen overloaded. */
  long lengthMillis() {
    return stillOverloaded ? MOST_MILLIS : lengthMillis;
  }

  /** How often the drain's load has halved so far: once per drain's length seen overloaded. */
  int halvings() {
    return (int) Math.min(MOST_HALVINGS, overloadedMillis / LEAST_MILLIS);
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
    overloadedMillis = 0;
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
      overloadedMillis += toMillis - fromMillis;
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
