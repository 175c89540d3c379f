package dev.anemometer.driver.run;

import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.stats.IntervalStats;

/**
 * One judged window of a target: a QoS period (fixed), a segment (interval) or a probe (findMax).
 *
 * @param startMillis start, elapsed since the run began
 * @param endMillis end, elapsed since the run began
 * @param users the users active when the window closed
 */
public record WindowResult(
    String targetId,
    int index,
    long startMillis,
    long endMillis,
    int users,
    IntervalStats stats,
    QosVerdict verdict) {}
