package dev.anemometer.driver.loadpath;

/** What a moment of a load path is for; only {@link #QOS} and {@link #STEP} moments are judged. */
public enum LoadPhase {
  RAMP_UP,
  WARM_UP,
  QOS,
  /**
   * findMax's initial climb: each step is judged on response times and failures only. A step is
   * short and starts unwarmed, so the followers of its new users are still joining and the mix is
   * not yet the steady state the mix rule describes; the probes that follow judge everything.
   */
  STEP,
  RAMP_DOWN,
  /** findMax only: a probe's QoS period ended and the path waits for its verdict. */
  AWAITING_VERDICT,
  DONE
}
