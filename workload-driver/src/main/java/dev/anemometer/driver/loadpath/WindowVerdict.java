package dev.anemometer.driver.loadpath;

/** What a judged window tells a load path that steers by it (findMax). */
public enum WindowVerdict {
  PASSED,
  /**
   * QoS failed on response time or failures, some rule at more than twice its limit: clearly beyond
   * the capacity of the system under test.
   */
  FAILED,
  /**
   * QoS failed on response time or failures, every rule within twice its limit: near the capacity,
   * where one noisy window can decide; findMax runs such a probe once more before it counts.
   */
  FAILED_NARROWLY,
  /**
   * QoS failed on the mix alone while every response time and failure rule passed with room to
   * spare: the behaviour's calibration, not capacity. findMax steers as on a pass and reports it.
   */
  FAILED_ON_MIX_ONLY,
  /**
   * Every response time and failure rule passed, but the window left less of the machine's CPU idle
   * than the search asks for: the load is at the cores' limit, where a pass is luck. findMax steers
   * as on a failure and does not run it again: a window's CPU, unlike its p99, is no matter of
   * chance.
   */
  NO_HEADROOM;

  /** Whether the capacity held: findMax moves up on it. */
  public boolean capacityHeld() {
    return this == PASSED || this == FAILED_ON_MIX_ONLY;
  }

  /**
   * Whether every response-time and failure rule held: the window left no backlog for the next
   * probe to drain (a window without headroom, too).
   */
  public boolean withinLimits() {
    return capacityHeld() || this == NO_HEADROOM;
  }
}
