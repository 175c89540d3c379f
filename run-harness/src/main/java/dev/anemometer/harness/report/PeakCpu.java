package dev.anemometer.harness.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * CPU microseconds per user-second of each tier in the window a run's result rests on (summary.json
 * {@code cpu.peak}), as comparison figures: one per tier, per target when a run has several.
 */
final class PeakCpu {

  private PeakCpu() {}

  /** Metric name → its value in a summary (null where the run did not measure it). */
  static Map<String, Function<JsonNode, Double>> figures(List<JsonNode> summaries) {
    Map<String, Function<JsonNode, Double>> figures = new LinkedHashMap<>();
    boolean severalTargets =
        summaries.stream().anyMatch(summary -> summary.path("cpu").path("peak").size() > 1);
    for (JsonNode summary : summaries) {
      for (JsonNode window : summary.path("cpu").path("peak")) {
        String target = window.path("target").asString("");
        for (JsonNode tier : window.path("tiers")) {
          String name = tier.path("tier").asString("");
          String metric =
              "CPU µs/user-s " + name + (severalTargets ? " " + target : "") + " at the result";
          figures.putIfAbsent(metric, other -> microsPerUserSecond(other, target, name));
        }
      }
    }
    return figures;
  }

  private static Double microsPerUserSecond(JsonNode summary, String target, String tier) {
    for (JsonNode window : summary.path("cpu").path("peak")) {
      if (!window.path("target").asString("").equals(target)) {
        continue;
      }
      for (JsonNode row : window.path("tiers")) {
        JsonNode value = row.path("cpuMicrosPerUserSecond");
        if (row.path("tier").asString("").equals(tier) && value.isNumber()) {
          return value.asDouble();
        }
      }
    }
    return null;
  }
}
