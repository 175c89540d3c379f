package dev.anemometer.driver.loadpath;

/** What a moment of a load path is for; only {@link #QOS} moments are judged. */
public enum LoadPhase {
  RAMP_UP,
  WARM_UP,
  QOS,
  RAMP_DOWN,
  /** findMax only: a probe's QoS period ended and the path waits for its verdict. */
  AWAITING_VERDICT,
  DONE
}
