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
 * @param verdict response times and failures of the interval; the mix is judged per window only
 */
public record StatusReport(
    String targetId,
    long elapsedMillis,
    int users,
    LoadPhase phase,
    IntervalStats stats,
    QosVerdict verdict) {}
