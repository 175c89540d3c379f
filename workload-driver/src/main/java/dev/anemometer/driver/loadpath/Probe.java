package dev.anemometer.driver.loadpath;

/** One run at a user count whose QoS verdict steers a findMax search. */
public record Probe(Kind kind, int users) {

  public enum Kind {
    /** A stair of the initial ramp: no warm-up, judged as a whole. */
    INITIAL_STEP,
    /** Ramp, warm-up, QoS period. */
    PROBE,
    /** The converged answer run again to confirm it. */
    VERIFICATION
  }
}
