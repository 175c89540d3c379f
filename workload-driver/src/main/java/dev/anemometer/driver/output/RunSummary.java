package dev.anemometer.driver.output;

import java.util.List;

/** The content of {@code summary.json}. */
public record RunSummary(
    String name, boolean passed, boolean valid, boolean stopped, List<Target> targets) {

  /** One target: its verdict, findMax's peak (or null), windows and per-operation table. */
  public record Target(
      String id,
      boolean passed,
      boolean valid,
      Integer peakUsers,
      List<String> invalidReasons,
      List<Window> windows,
      List<OperationSummary> operations) {}

  public record Window(
      int index,
      long startMillis,
      long endMillis,
      int users,
      boolean passed,
      boolean valid,
      List<String> failures,
      List<String> invalidReasons) {}
}
