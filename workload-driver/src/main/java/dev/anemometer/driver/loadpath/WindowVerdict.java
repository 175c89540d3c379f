package dev.anemometer.driver.loadpath;

/** What a judged window tells a load path that steers by it (findMax). */
public enum WindowVerdict {
  PASSED,
  /** QoS failed on response time or failures: the capacity of the system under test. */
  FAILED,
  /**
   * QoS failed on the mix alone while every response time and failure rule passed with room to
   * spare: the behaviour's calibration, not capacity. findMax steers as on a pass and reports it.
   */
  FAILED_ON_MIX_ONLY;

  /** Whether the capacity held: findMax moves up on it. */
  public boolean capacityHeld() {
    return this != FAILED;
  }
}
