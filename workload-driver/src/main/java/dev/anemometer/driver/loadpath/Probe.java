package dev.anemometer.driver.loadpath;

/** One run at a user count whose verdict steers a findMax search. */
public record Probe(Kind kind, int users) {

  /** A step of the climb: short, judged on response times and failures, no bound on the answer. */
  public boolean isStep() {
    return kind == Kind.STEP;
  }

  public enum Kind {
    /** A step of the climb that finds the region: it ramps in its own window. */
    STEP,
    /** Ramp, warm-up, QoS period. */
    PROBE,
    /** The converged answer run again over a longer window to confirm it. */
    VERIFICATION
  }
}
