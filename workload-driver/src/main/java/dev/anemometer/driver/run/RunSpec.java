package dev.anemometer.driver.run;

import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.stats.HealthThresholds;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;

/**
 * A whole driver run.
 *
 * @param targets the app instances, driven at once
 * @param statusInterval how often live status (and the interval output) is cut
 * @param tick how often users are adjusted to the load path and stats collected
 */
public record RunSpec(
    String name,
    List<TargetSpec> targets,
    QosSpec qos,
    HealthThresholds thresholds,
    Duration statusInterval,
    Duration tick) {

  public RunSpec {
    if (targets == null || targets.isEmpty()) {
      throw new IllegalArgumentException("targets: must list at least one target");
    }
    targets = List.copyOf(targets);
    var ids = new HashSet<String>();
    for (TargetSpec target : targets) {
      if (!ids.add(target.id())) {
        throw new IllegalArgumentException("targets: id '" + target.id() + "' is used twice");
      }
    }
    if (tick.isNegative() || tick.isZero()) {
      throw new IllegalArgumentException("tick: must be > 0, was " + tick);
    }
    if (statusInterval.compareTo(tick) < 0) {
      throw new IllegalArgumentException(
          "statusInterval: must be >= tick " + tick + ", was " + statusInterval);
    }
  }

  public static RunSpec of(String name, List<TargetSpec> targets, QosSpec qos) {
    return new RunSpec(
        name,
        targets,
        qos,
        HealthThresholds.DEFAULTS,
        Duration.ofSeconds(10),
        Duration.ofSeconds(1));
  }
}
