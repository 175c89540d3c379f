package dev.anemometer.driver.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.anemometer.driver.loadpath.Bracket;
import java.util.List;

/**
 * The content of the driver's {@code summary.json}: its verdict per target and what it rests on.
 */
public record DriverSummary(
    String name, boolean passed, boolean valid, boolean stopped, List<Target> targets) {

  /** A summary read back without targets has none. */
  public DriverSummary {
    targets = targets == null ? List.of() : targets;
  }

  /**
   * One target: its verdict, findMax's peak (or null), windows and per-operation table (findMax: of
   * the probe at the peak).
   *
   * @param notifications how late followers learned of bids and item changes, with how it was
   *     measured
   * @param calibrationDefects windows that failed on the mix alone with every response time and
   *     failure rule far inside its limit: the behaviour's calibration, not capacity
   * @param failedAbovePeak findMax: the rules that failed the lowest failing probe above the peak,
   *     what decided the answer
   * @param bracket findMax: the highest probe that held and the lowest above it that failed; null
   *     for other load paths
   */
  public record Target(
      String id,
      boolean passed,
      boolean valid,
      Integer peakUsers,
      List<String> invalidReasons,
      List<Window> windows,
      List<OperationSummary> operations,
      List<NotificationSummary> notifications,
      List<String> calibrationDefects,
      List<String> failedAbovePeak,
      Bracket bracket) {}

  /**
   * One judged window.
   *
   * @param machineBusyPercent the share of the machine's CPU busy in it, the driver's own included:
   *     reported, never judged; absent where the counters cannot be read
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Window(
      int index,
      long startMillis,
      long endMillis,
      int users,
      boolean passed,
      boolean valid,
      boolean calibrationDefect,
      List<String> failures,
      List<String> invalidReasons,
      Double machineBusyPercent) {}
}
