package dev.anemometer.driver.qos;

/**
 * The three rules every judged operation must pass, and one a findMax search may add for the window
 * as a whole.
 */
public enum QosRule {
  RESPONSE_TIME,
  MIX,
  FAILURES,
  /**
   * The machine the stack runs on kept a share of its CPU idle: a window that passed with its cores
   * all but spent held by seconds of queueing, and the same load fails the next time (decision
   * 0013). Applies to no single operation.
   */
  HEADROOM
}
