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

  /**
   * How far below its limit every response time and failure rule must stay for a mix-only failure
   * to count as the behaviour's calibration rather than the platform's capacity: half the limit.
   */
  public static final double CALIBRATION_ROOM = 0.5;

  /** A window with some rule beyond this many times its limit is clearly beyond it. */
  public static final double CLEARLY_BEYOND = 2;

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

  /**
   * Failed on the mix alone while every response time and failure rule passed with room to spare
   * (within {@link #CALIBRATION_ROOM} of its limit): the behaviour's calibration decided the
   * interval, not the capacity of the system under test.
   */
  public boolean calibrationDefect() {
    List<RuleResult> failed = failures();
    return !passed
        && !failed.isEmpty()
        && failed.stream().allMatch(result -> result.rule() == QosRule.MIX)
        && results.stream().allMatch(result -> result.within(CALIBRATION_ROOM));
  }

  /**
   * The worst response-time or failure rule's measured value as a share of its limit (above 1: it
   * failed); 0 when no such rule was applied. findMax's marginal band is judged on it.
   */
  public double worstLimitShare() {
    return results.stream()
        .mapToDouble(RuleResult::limitShare)
        .filter(share -> !Double.isNaN(share))
        .max()
        .orElse(0);
  }
}
