package dev.anemometer.harness.platform;

/**
 * The CPU one tier used over one judged window.
 *
 * @param tier db, app, lb, web; harness (the harness and driver JVM, with its worker JVMs); total
 *     (all of them); other: the rest of the machine's busy CPU (kernel threads, other programs, the
 *     tiers of other app instances), which a quiet machine keeps near zero; steal: time the
 *     hypervisor gave this machine's CPUs to another guest
 * @param processes how many processes of the tier were measured (their children included)
 * @param cpuSeconds user + system CPU time used in the window
 * @param cores CPU seconds per wall second: 1.0 is one core busy all the window
 * @param cpuMicrosPerUserSecond CPU microseconds per user and second: what one user costs the tier
 */
public record TierCpu(
    String tier, int processes, double cpuSeconds, double cores, Double cpuMicrosPerUserSecond) {

  static TierCpu of(String tier, int processes, long cpuNanos, double wallSeconds, int users) {
    double cpuSeconds = cpuNanos / 1e9;
    return new TierCpu(
        tier,
        processes,
        round(cpuSeconds, 3),
        wallSeconds > 0 ? round(cpuSeconds / wallSeconds, 3) : 0,
        users > 0 && wallSeconds > 0 ? round(cpuSeconds * 1e6 / (users * wallSeconds), 2) : null);
  }

  private static double round(double value, int digits) {
    double scale = Math.pow(10, digits);
    return Math.round(value * scale) / scale;
  }
}
