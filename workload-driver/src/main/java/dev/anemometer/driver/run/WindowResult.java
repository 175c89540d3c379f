package dev.anemometer.driver.run;

import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.stats.IntervalStats;

/**
 * One judged window of a target: a QoS period (fixed), a segment (interval) or a probe (findMax).
 *
 * @param startMillis start, elapsed since the run began
 * @param endMillis end, elapsed since the run began
 * @param users the users active when the window closed
 * @param machineBusyPercent the share of the machine's CPU that was busy in the window, the
 *     driver's own included: reported beside the window, never judged (NaN: the counters cannot be
 *     read here)
 */
public record WindowResult(
    String targetId,
    int index,
    long startMillis,
    long endMillis,
    int users,
    IntervalStats stats,
    QosVerdict verdict,
    double machineBusyPercent) {

  /** The busy share rounded to a tenth of a percent, or null when not measured. */
  public Double machineBusyPercentOrNull() {
    return Double.isNaN(machineBusyPercent) ? null : Math.round(machineBusyPercent * 10) / 10.0;
  }
}
