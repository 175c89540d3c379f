package dev.anemometer.driver.qos;

import java.util.List;

/**
 * The verdict on one interval: passed when every judged operation passed every rule.
 *
 * @param results every rule applied, passed or not
 * @param invalidReasons why the interval does not count (the driver was the bottleneck); empty when
 *     valid
 */
public record QosVerdict(boolean passed, List<RuleResult> results, List<String> invalidReasons) {

  public QosVerdict {
    results = List.copyOf(results);
    invalidReasons = List.copyOf(invalidReasons);
  }

  public boolean valid() {
    return invalidReasons.isEmpty();
  }

  public List<RuleResult> failures() {
    return results.stream().filter(result -> !result.passed()).toList();
  }

  /** The failed rules' messages, for a console line or a report. */
  public List<String> failureMessages() {
    return failures().stream().map(RuleResult::message).toList();
  }
}
