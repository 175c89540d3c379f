package dev.anemometer.driver.qos;

import java.util.ArrayList;
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

  /** A failure with every failed rule within this many times its limit is a narrow one. */
  public static final double NARROW_FAILURE = 2;

  public QosVerdict {
    results = List.copyOf(results);
    invalidReasons = List.copyOf(invalidReasons);
  }

  /** The same verdict with one more rule applied: it fails if the rule failed. */
  public QosVerdict with(RuleResult rule) {
    List<RuleResult> all = new ArrayList<>(results);
    all.add(rule);
    return new QosVerdict(passed && rule.passed(), all, invalidReasons);
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
   * Failed on the machine's headroom, and otherwise on the mix at most: every response time and
   * failure rule passed, but the cores were all but spent.
   */
  public boolean headroomSpent() {
    List<RuleResult> failed = failures();
    return !passed
        && failed.stream().anyMatch(result -> result.rule() == QosRule.HEADROOM)
        && failed.stream()
            .allMatch(result -> result.rule() == QosRule.HEADROOM || result.rule() == QosRule.MIX);
  }

  /**
   * Failed, with every failed response-time and failure rule within {@link #NARROW_FAILURE} times
   * its limit: close to the capacity, where chance can decide a window.
   */
  public boolean narrowFailure() {
    List<RuleResult> failed = failures();
    return !passed
        && !failed.isEmpty()
        && failed.stream().allMatch(result -> result.within(NARROW_FAILURE));
  }
}
