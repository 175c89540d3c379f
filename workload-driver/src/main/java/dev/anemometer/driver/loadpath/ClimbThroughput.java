package dev.anemometer.driver.loadpath;

/**
 * What the climb's throughput says about the peak. Below its capacity a stack does the work its
 * users ask for, so the operations per user-second hold steady from step to step; past it the
 * operations per second stop growing with the users. A step whose rate per user falls clearly below
 * the steps before it has passed the knee, whatever its short window's response times said. The
 * most operations per second any window did, divided by the steps' rate per user below the knee, is
 * where probing starts; it is only a start: on one 2-core machine it was 11 % below the peak found
 * in one run and 8 % above the peak found in another (decision 0007).
 */
final class ClimbThroughput {

  /** A step whose rate per user is this share below the steps' before it is past the knee. */
  static final double SATURATION_DROP = 0.04;

  private double referenceRate;

  /** Whether a step has set the rate per user below the knee yet. */
  boolean known() {
    return referenceRate > 0;
  }

  /** Whether {@code users} doing {@code successesPerSecond} are past the knee. */
  boolean saturated(int users, double successesPerSecond) {
    return known()
        && successesPerSecond > 0
        && successesPerSecond / users < (1 - SATURATION_DROP) * referenceRate;
  }

  /**
   * Notes a window's throughput. Only the later steps of the climb that held and kept up set the
   * reference rate: each brings in users who have just arrived and run slower than warm ones, while
   * the first step's users warmed up for a minute, and a step's repeat or a probe has no arrivals
   * in its window at all.
   */
  void add(int users, double successesPerSecond, boolean reference) {
    if (successesPerSecond <= 0) {
      return;
    }
    if (reference) {
      referenceRate = Math.max(referenceRate, successesPerSecond / users);
    }
  }
}
