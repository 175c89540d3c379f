package dev.anemometer.driver.loadpath;

import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Users set by hand during a run (control API, console). While set, it replaces the path's user
 * count; the path's timeline and judged windows carry on underneath.
 */
public final class ManualOverride {

  private static final int NONE = -1;
  private final AtomicInteger users = new AtomicInteger(NONE);

  public void set(int activeUsers) {
    if (activeUsers < 0) {
      throw new IllegalArgumentException("users: must be >= 0, was " + activeUsers);
    }
    users.set(activeUsers);
  }

  public void clear() {
    users.set(NONE);
  }

  public OptionalInt users() {
    int value = users.get();
    return value == NONE ? OptionalInt.empty() : OptionalInt.of(value);
  }

  /** The user count to apply: the override when set, else the path's. */
  public int apply(LoadPoint point) {
    int value = users.get();
    return value == NONE || point.finished() ? point.users() : value;
  }
}
