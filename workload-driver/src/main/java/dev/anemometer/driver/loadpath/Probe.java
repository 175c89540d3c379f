package dev.anemometer.driver.loadpath;

/** One run at a user count whose QoS verdict steers a findMax search. */
public record Probe(Kind kind, int users) {

  /** A stair of the climb or its repeat: short, judged whole, and no bound on the answer. */
  public boolean isStep() {
    return kind == Kind.INITIAL_STEP || kind == Kind.STEP_REPEAT;
  }

  public enum Kind {
    /** A stair of the climb that finds the region: no warm-up, judged as a whole. */
    INITIAL_STEP,
    /**
     * A step that failed narrowly, run once more for one step's length, held: its new users have
     * arrived and logged in by then, so a failure here is the load's, not the arrival's. It runs at
     * once after a ramp that kept its limits, and after a recovery after one that broke them.
     */
    STEP_REPEAT,
    /** Ramp, warm-up, QoS period. */
    PROBE,
    /** A failed probe near the boundary run once more, at once, before it counts as a fail. */
    CONFIRMATION,
    /** The converged answer run again to confirm it. */
    VERIFICATION
  }
}
