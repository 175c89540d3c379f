package dev.anemometer.driver.stats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * When the driver, not the system under test, was the bottleneck: its event loops lagged or it ran
 * out of CPU. An interval beyond any threshold is invalid: its latencies say more about the driver
 * than about the system.
 *
 * <p>A request waiting for one of its own user's connections is not the driver starving: the user's
 * connections are busy behind slow responses, which is the platform's latency, already counted from
 * the operation's intended start. That wait is reported with the interval's health, never as
 * invalidity.
 */
public record HealthThresholds(Duration maxEventLoopLag, double maxProcessCpuLoad) {

  public static final HealthThresholds DEFAULTS =
      new HealthThresholds(Duration.ofMillis(200), 0.95);

  public HealthThresholds {
    if (!(maxProcessCpuLoad > 0 && maxProcessCpuLoad <= 1)) {
      throw new IllegalArgumentException(
          "maxProcessCpuLoad: must be in (0, 1], was " + maxProcessCpuLoad);
    }
  }

  /** Why the interval is invalid; empty when it is valid. */
  public List<String> violations(DriverHealth health) {
    List<String> reasons = new ArrayList<>();
    long lagLimitMicros = maxEventLoopLag.toNanos() / 1000;
    if (health.maxEventLoopLagMicros() > lagLimitMicros) {
      reasons.add(
          "driver event-loop lag "
              + Durations.format(health.maxEventLoopLagMicros())
              + " > "
              + Durations.format(lagLimitMicros));
    }
    if (health.processCpuLoad() > maxProcessCpuLoad) {
      reasons.add(
          String.format(
              java.util.Locale.ROOT,
              "driver CPU %.0f %% > %.0f %%",
              health.processCpuLoad() * 100,
              maxProcessCpuLoad * 100));
    }
    return reasons;
  }
}
