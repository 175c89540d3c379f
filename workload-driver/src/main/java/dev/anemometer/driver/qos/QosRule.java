package dev.anemometer.driver.qos;

/** The three rules every judged operation must pass (SPEC §3.2). */
public enum QosRule {
  RESPONSE_TIME,
  MIX,
  FAILURES
}
