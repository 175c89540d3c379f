package dev.anemometer.harness.run;

import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.results.RunSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The core of a run's summary (summary.json) from what it produced: verdict, peaks, bracket, audit,
 * the driver's report; the run's extensions add their parts to it.
 */
final class RunSummaries {

  private RunSummaries() {}

  /**
   * The outcome word of a run. A run stopped by Ctrl-C is INTERRUPTED whatever its load said by
   * then: a findMax broken off mid-search has no peak yet, not a failed one.
   */
  static String verdict(int exitCode, boolean interrupted) {
    if (interrupted) {
      return "INTERRUPTED";
    }
    return switch (exitCode) {
      case ExitCodes.PASSED -> "PASSED";
      case ExitCodes.QOS_FAILED -> "FAILED";
      default -> "ERROR";
    };
  }

  /** The run's summary as it stands, from its start to {@code ended}. */
  static RunSummary summarize(
      AnemometerConfig config, Instant started, Instant ended, RunOutcome outcome) {
    List<RunSummary.InstanceSummary> instances = new ArrayList<>();
    for (int i = 0; i < config.appInstances().size(); i++) {
      AppInstanceSpec spec = config.appInstances().get(i);
      DeployedInstance deployed = i < outcome.instances.size() ? outcome.instances.get(i) : null;
      instances.add(
          new RunSummary.InstanceSummary(
              i,
              spec.peakUsers(config.strategy(), config.findMax()),
              config.strategy() == Strategy.FIND_MAX && outcome.load != null
                  ? outcome.load.peakUsers().get(i)
                  : null,
              spec.maxUsers(),
              deployed == null
                  ? List.of()
                  : deployed.entryUrls().stream().map(Object::toString).toList(),
              deployed == null ? null : deployed.database().shownUrl(),
              outcome.load == null ? null : outcome.load.instancesPassed().get(i),
              outcome.ceilingCause,
              bracket(outcome, i)));
    }
    Map<String, Object> audit = new TreeMap<>();
    outcome.audit.forEach((index, result) -> audit.put("instance-" + index, result));
    String verdict = verdict(outcome.exitCode, outcome.interrupted);
    return new RunSummary(
        config.name(),
        config.preset(),
        config.target().configName(),
        config.strategy().configName(),
        started.toString(),
        Duration.between(started, ended).toSeconds(),
        verdict,
        outcome.exitCode,
        outcome.load == null ? null : outcome.load.totalPeakUsers(),
        instances,
        outcome.load == null ? null : outcome.load.summary(),
        audit.isEmpty() ? null : audit,
        outcome.message,
        null,
        null,
        null,
        null,
        null,
        Bracket.total(
            instances.stream()
                .filter(instance -> Boolean.TRUE.equals(instance.passed()))
                .map(RunSummary.InstanceSummary::bracket)
                .toList()),
        DurabilityWarnings.of(config));
  }

  /**
   * findMax: the instance's bracket as the driver's summary gives it for its target; null where it
   * gives none (the other strategies, a driver from before brackets, a load that never ran).
   */
  private static Bracket bracket(RunOutcome outcome, int index) {
    if (outcome.load == null || outcome.load.summary() == null) {
      return null;
    }
    for (DriverSummary.Target target : outcome.load.summary().targets()) {
      if (target.id().equals("instance-" + index)) {
        return target.bracket();
      }
    }
    return null;
  }
}
