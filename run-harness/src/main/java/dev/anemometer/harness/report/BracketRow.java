package dev.anemometer.harness.report;

import dev.anemometer.driver.loadpath.Bracket;
import dev.anemometer.harness.results.RunSummary;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The comparison's row of findMax brackets, the highest passing and lowest failing user count of
 * each run's search: how far apart two peaks must be before the searches themselves tell them
 * apart. A repeat set shows each of its runs' brackets. Shown, never judged.
 */
final class BracketRow {

  static final String METRIC = "peak users bracket (highest pass, lowest fail)";

  private BracketRow() {}

  /** Absent when no run reports a bracket (other strategies, runs from before brackets). */
  static Optional<Comparison.Row> of(List<Comparison.Run> runs) {
    List<List<Bracket>> brackets =
        runs.stream()
            .map(
                run ->
                    run.summaries().stream()
                        .map(RunSummary::bracket)
                        .filter(Objects::nonNull)
                        .toList())
            .toList();
    if (brackets.stream().allMatch(List::isEmpty)) {
      return Optional.empty();
    }
    List<String> values =
        brackets.stream()
            .map(
                some ->
                    some.isEmpty()
                        ? "–"
                        : String.join(" | ", some.stream().map(Bracket::describe).toList()))
            .toList();
    return Optional.of(Comparison.Row.shown(METRIC, values));
  }
}
