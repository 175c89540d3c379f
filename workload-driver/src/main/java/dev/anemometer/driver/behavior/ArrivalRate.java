package dev.anemometer.driver.behavior;

/**
 * How sessions arrive in the open model.
 *
 * @param sessionsPerSecond mean arrival rate; 0 stops arrivals
 * @param process Poisson arrivals (exponential gaps) or evenly spaced ones
 */
public record ArrivalRate(double sessionsPerSecond, Process process) {

  public enum Process {
    POISSON,
    CONSTANT
  }

  public ArrivalRate {
    if (!(sessionsPerSecond >= 0) || Double.isInfinite(sessionsPerSecond)) {
      throw new IllegalArgumentException(
          "sessionsPerSecond must be a finite number ≥ 0, got " + sessionsPerSecond);
    }
    if (process == null) {
      throw new IllegalArgumentException("process must be POISSON or CONSTANT");
    }
  }

  /** Nanoseconds to the next arrival; a draw from {@code uniform} in [0, 1) for Poisson. */
  long gapNanos(double uniform) {
    double meanGapNanos = 1e9 / sessionsPerSecond;
    double gap = process == Process.CONSTANT ? meanGapNanos : -Math.log(1 - uniform) * meanGapNanos;
    return Math.max(1, (long) gap);
  }
}
