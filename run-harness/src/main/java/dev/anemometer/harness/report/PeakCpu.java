package dev.anemometer.harness.report;

import dev.anemometer.harness.platform.TierCpu;
import dev.anemometer.harness.platform.WindowCpu;
import dev.anemometer.harness.results.RunSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * CPU microseconds per user-second of each tier in the window a run's result rests on (summary.json
 * {@code cpu.peak}), as comparison figures: one per tier, per target when a run has several.
 */
final class PeakCpu {

  private PeakCpu() {}

  /** Metric name → its value in a summary (null where the run did not measure it). */
  static Map<String, Function<RunSummary, Double>> figures(List<RunSummary> summaries) {
    Map<String, Function<RunSummary, Double>> figures = new LinkedHashMap<>();
    boolean severalTargets = summaries.stream().anyMatch(summary -> peak(summary).size() > 1);
    for (RunSummary summary : summaries) {
      for (WindowCpu window : peak(summary)) {
        for (TierCpu tier : window.tiers()) {
          String metric =
              "CPU µs/user-s "
                  + tier.tier()
                  + (severalTargets ? " " + window.target() : "")
                  + " at the result";
          figures.putIfAbsent(
              metric, other -> microsPerUserSecond(other, window.target(), tier.tier()));
        }
      }
    }
    return figures;
  }

  /** The windows the result rests on, one per target; none where CPU was not measured. */
  private static List<WindowCpu> peak(RunSummary summary) {
    return summary.cpu() == null || summary.cpu().peak() == null ? List.of() : summary.cpu().peak();
  }

  private static Double microsPerUserSecond(RunSummary summary, String target, String tier) {
    for (WindowCpu window : peak(summary)) {
      if (!window.target().equals(target)) {
        continue;
      }
      for (TierCpu row : window.tiers()) {
        if (row.tier().equals(tier) && row.cpuMicrosPerUserSecond() != null) {
          return row.cpuMicrosPerUserSecond();
        }
      }
    }
    return null;
  }
}
