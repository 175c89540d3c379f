package dev.anemometer.driver.qos;

/**
 * The three rules every judged operation must pass (SPEC §3.2), and the notification rule on what
 * GetNextBid delivers: how late followers learn of a change.
 */
public enum QosRule {
  RESPONSE_TIME,
  MIX,
  FAILURES,
  NOTIFICATION
}
