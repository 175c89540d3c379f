package dev.anemometer.driver.qos;

/** The three rules every judged operation must pass. */
public enum QosRule {
  RESPONSE_TIME,
  MIX,
  FAILURES
}
