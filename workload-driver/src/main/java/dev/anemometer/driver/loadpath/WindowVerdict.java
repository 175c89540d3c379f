package dev.anemometer.driver.loadpath;

/** What a judged window tells a load path that steers by it (findMax). */
public enum WindowVerdict {
  /**
   * Every response-time and failure rule held, and the mix too or it missed only as a calibration
   * defect (every other rule far inside its limit, reported as such).
   */
  PASSED,
  /** Some response-time, failure or mix rule failed. */
  FAILED,
  /** The driver, not the system under test, was the bottleneck: the window decides nothing. */
  INVALID
}
