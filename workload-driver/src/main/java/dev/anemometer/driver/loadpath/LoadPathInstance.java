package dev.anemometer.driver.loadpath;

import dev.anemometer.driver.qos.BusyFit;
import dev.anemometer.driver.qos.Headroom;
import java.util.OptionalInt;

/**
 * The runtime of a load path. Time is the elapsed time since the path started, so the arithmetic is
 * testable without a clock. Calls must come with non-decreasing times.
 */
public interface LoadPathInstance {

  LoadPoint at(long elapsedMillis);

  /**
   * The verdict on a judged window that {@link #at} reported and then left, with the operations
   * that succeeded in it per second. Fixed and interval paths only note it; findMax chooses its
   * next probe from both.
   */
  void windowJudged(int windowIndex, WindowVerdict verdict, double successesPerSecond);

  /**
   * {@link #windowJudged(int, WindowVerdict, double)} with the share of the machine's CPU that was
   * busy in the window (NaN: not measured). findMax aims its probes by it; the others ignore it.
   */
  default void windowJudged(
      int windowIndex, WindowVerdict verdict, double successesPerSecond, double busyPercent) {
    windowJudged(windowIndex, verdict, successesPerSecond);
  }

  /**
   * A short stretch of load outside any judged window, {@code fromMillis} to {@code toMillis}, was
   * within the response-time and failure limits or not. findMax watches its recoveries with it; the
   * other paths ignore it.
   */
  default void loadObserved(long fromMillis, long toMillis, boolean withinLimits) {}

  /**
   * Whether its ramp-downs are to be watched through {@link #loadObserved}: only findMax's
   * recoveries are; a fixed or interval run's last ramp-down has nobody listening.
   */
  default boolean watchesRampDown() {
    return false;
  }

  /**
   * A short stretch of a judged window, {@code fromMillis} to {@code toMillis}, had some
   * response-time or failure rule clearly beyond its limit (more than twice it) or not. findMax
   * ends a probe whose stack has collapsed for long enough, instead of overloading it to the end of
   * its window; the other paths ignore it.
   */
  default void windowObserved(
      int windowIndex, long fromMillis, long toMillis, boolean clearlyBeyondLimits) {}

  /** Whether judged windows are to be watched through {@link #windowObserved}: findMax's probes. */
  default boolean watchesWindows() {
    return false;
  }

  /**
   * The share of the machine's CPU its judged windows must leave idle: a findMax search's on a
   * machine it shares with the stack; off for every other path.
   */
  default Headroom headroom() {
    return Headroom.OFF;
  }

  /**
   * The machine's busy share in the earlier probe windows that held within their limits, which a
   * window's headroom is judged on with its own share added ({@link BusyFit#with}); empty for a
   * path without the headroom rule.
   */
  default BusyFit busyFit() {
    return new BusyFit();
  }

  /**
   * The users a judged window is reported at, given those it ran at last: the same, except in a
   * window whose users ramp (findMax's climb), which is reported at the users it ramps to.
   */
  default int windowUsers(int windowIndex, int lastUsers) {
    return lastUsers;
  }

  /** The headline result of a findMax search once finished; empty for other paths. */
  default OptionalInt peakUsers() {
    return OptionalInt.empty();
  }
}
