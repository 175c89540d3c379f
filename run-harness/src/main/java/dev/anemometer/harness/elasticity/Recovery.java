package dev.anemometer.harness.elasticity;

import java.util.List;

/**
 * How long the system under test took to get over a fault: from the fault to the start of the first
 * run of {@link #STABLE_INTERVALS} healthy intervals (no failures, response times within QoS,
 * operations completing), and what it cost meanwhile. The resolution is one stats interval. An
 * interval that spans the fault and stayed healthy starts such a run at the fault itself: a fault
 * that nothing measured shows recovers in 0 s, not in what is left of that interval.
 *
 * @param recoveryMillis null when the run ended (or the next fault came) before recovery
 * @param failedOperations failed operations from the interval of the fault up to recovery
 * @param slowedOperations successful operations over their QoS limit in the same span
 */
public record Recovery(Long recoveryMillis, long failedOperations, long slowedOperations) {

  static final int STABLE_INTERVALS = 3;

  /**
   * @param samples one target's intervals in time order
   * @param faultMillis when the fault was injected, from the start of the load
   * @param horizonMillis where to stop looking (the next fault, or the end of the load)
   */
  public static Recovery of(List<IntervalSample> samples, long faultMillis, long horizonMillis) {
    long failed = 0;
    long slowed = 0;
    int healthyRun = 0;
    long runStart = -1;
    long runFailed = 0;
    long runSlowed = 0;
    for (IntervalSample sample : samples) {
      if (sample.endMillis() <= faultMillis) {
        continue;
      }
      if (sample.startMillis() >= horizonMillis) {
        break;
      }
      if (sample.healthy()) {
        if (healthyRun == 0) {
          runStart = Math.max(sample.startMillis(), faultMillis);
          runFailed = failed;
          runSlowed = slowed;
        }
        healthyRun++;
        if (healthyRun >= STABLE_INTERVALS) {
          return new Recovery(Math.max(0, runStart - faultMillis), runFailed, runSlowed);
        }
      } else {
        healthyRun = 0;
      }
      failed += sample.failures();
      slowed += sample.slowed();
    }
    if (healthyRun > 0) {
      // healthy until the end of what was measured: recovered, though briefly observed
      return new Recovery(Math.max(0, runStart - faultMillis), runFailed, runSlowed);
    }
    return new Recovery(null, failed, slowed);
  }
}
