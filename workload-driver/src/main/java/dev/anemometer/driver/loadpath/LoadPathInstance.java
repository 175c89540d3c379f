package dev.anemometer.driver.loadpath;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * The runtime of a load path. Time is the elapsed time since the path started, so the arithmetic is
 * testable without a clock. Calls must come with non-decreasing times.
 */
public interface LoadPathInstance {

  LoadPoint at(long elapsedMillis);

  /**
   * The verdict on a judged window that {@link #at} reported and then left, with its worst
   * response-time or failure rule's value as a share of its limit (above 1: beyond it). Fixed and
   * interval paths only note it; findMax chooses its next probe from both.
   */
  void windowJudged(int windowIndex, WindowVerdict verdict, double worstLimitShare);

  /**
   * A short stretch of load outside any judged window, {@code fromMillis} to {@code toMillis}, was
   * within the response-time and failure limits or not. findMax watches its drains with it; the
   * other paths ignore it.
   */
  default void loadObserved(long fromMillis, long toMillis, boolean withinLimits) {}

  /**
   * Whether its ramp-downs are to be watched through {@link #loadObserved}: only findMax's drains
   * are; a fixed or interval run's last ramp-down has nobody listening.
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

  /** Where a finished findMax search's answer lies; empty for other paths. */
  default Optional<Bracket> bracket() {
    return Optional.empty();
  }

  /**
   * Whether a findMax search ended because the driver invalidated two windows in a row: its answer
   * does not stand. Other paths judge validity window by window.
   */
  default boolean endedInvalid() {
    return false;
  }
}
