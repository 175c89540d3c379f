package dev.anemometer.driver.run;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.stats.IntervalStats;

/**
 * Live status of one target over the last status interval.
 *
 * @param users the users that ran during the interval (at its end when they changed within it)
 * @param phase the load-path phase the interval's operations ran in, not the phase the path has
 *     entered at {@code elapsedMillis}
 * @param segmentStartMillis when the load-path segment those operations ran in began: a new phase,
 *     or a new judged window in the same phase (the next findMax step, QoS period or interval
 *     segment)
 * @param verdict response times and failures of the interval; the mix is judged per window only
 */
public record StatusReport(
    String targetId,
    long elapsedMillis,
    int users,
    LoadPhase phase,
    long segmentStartMillis,
    IntervalStats stats,
    QosVerdict verdict) {}
