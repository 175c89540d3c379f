package dev.anemometer.driver.output;

import dev.anemometer.driver.stats.DriverHealth;

/**
 * How the driver fared in an interval or window, as the results write it, whether or not it was
 * beyond a threshold: a run shows how far its driver was from invalidating it, not only when it
 * did.
 *
 * @param eventLoopLagMillis the worst lasting lateness of an event loop
 * @param cpuPercent the driver process's CPU over wall time and processors
 * @param connectionWaitMillis the longest a request waited for one of its user's connections
 */
public record DriverHealthLine(
    double eventLoopLagMillis, double cpuPercent, double connectionWaitMillis) {

  static DriverHealthLine of(DriverHealth health) {
    return new DriverHealthLine(
        tenths(health.maxEventLoopLagMicros() / 1000.0),
        tenths(health.processCpuLoad() * 100),
        tenths(health.maxConnectionWaitMicros() / 1000.0));
  }

  private static double tenths(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
