package dev.anemometer.driver.stats;

/**
 * How the driver itself fared in an interval. Merged across nodes by taking the worst, because one
 * saturated node is enough to distort the measurement.
 *
 * @param maxEventLoopLagMicros the worst lasting lateness of the lag probe's periodic task (see
 *     {@link EventLoopLagProbe})
 * @param processCpuLoad CPU time of the driver process over wall time × processors, 0..1
 * @param maxConnectionWaitMicros the longest a request waited for a free connection
 */
public record DriverHealth(
    long maxEventLoopLagMicros, double processCpuLoad, long maxConnectionWaitMicros) {

  public static final DriverHealth NONE = new DriverHealth(0, 0, 0);

  public DriverHealth worst(DriverHealth other) {
    return new DriverHealth(
        Math.max(maxEventLoopLagMicros, other.maxEventLoopLagMicros),
        Math.max(processCpuLoad, other.processCpuLoad),
        Math.max(maxConnectionWaitMicros, other.maxConnectionWaitMicros));
  }
}
