package dev.anemometer.harness.results;

import dev.anemometer.harness.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * The one number a run is repeated for: findMax the peak users, fixed and interval runs the
 * throughput of the judged period (every instance's operations summed). Absent when the run gave
 * none (an infrastructure error before the load, or Ctrl-C before the run ended).
 */
public record Headline(String metric, Double value) {

  public static final String PEAK_USERS = "peak users";
  public static final String THROUGHPUT = "throughput (ops/s)";

  /** The metric a strategy's repeats are judged on. */
  public static String metricOf(String strategy) {
    return "findMax".equals(strategy) ? PEAK_USERS : THROUGHPUT;
  }

  public static Headline of(RunSummary summary) {
    return of((JsonNode) Json.pretty().valueToTree(summary));
  }

  /** From a summary.json as read back. */
  public static Headline of(JsonNode summary) {
    String metric = metricOf(summary.path("strategy").asString(""));
    if ("INTERRUPTED".equals(summary.path("outcome").asString(""))) {
      return new Headline(metric, null);
    }
    if (metric.equals(PEAK_USERS)) {
      JsonNode peak = summary.path("peakUsers");
      return new Headline(metric, peak.isNumber() && hasLoad(summary) ? peak.asDouble() : null);
    }
    return new Headline(metric, judgedThroughput(summary));
  }

  /** Operations per second of the judged period, summed over the instances; null without load. */
  public static Double judgedThroughput(JsonNode summary) {
    boolean any = false;
    double total = 0;
    for (JsonNode target : summary.path("load").path("targets")) {
      for (JsonNode operation : target.path("operations")) {
        any = true;
        total += operation.path("throughputPerSecond").asDouble();
      }
    }
    return any ? total : null;
  }

  private static boolean hasLoad(JsonNode summary) {
    return summary.path("load").isObject();
  }
}
