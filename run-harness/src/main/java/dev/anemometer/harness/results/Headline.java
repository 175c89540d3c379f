package dev.anemometer.harness.results;

import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.output.OperationSummary;
import java.util.List;

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
    String metric = metricOf(summary.strategy());
    if ("INTERRUPTED".equals(summary.outcome())) {
      return new Headline(metric, null);
    }
    if (metric.equals(PEAK_USERS)) {
      Integer peak = summary.peakUsers();
      return new Headline(
          metric, peak != null && summary.load() != null ? peak.doubleValue() : null);
    }
    return new Headline(metric, judgedThroughput(summary.load()));
  }

  /** Operations per second of the judged period, summed over the instances; null without load. */
  public static Double judgedThroughput(DriverSummary load) {
    if (load == null) {
      return null;
    }
    boolean any = false;
    double total = 0;
    for (DriverSummary.Target target : load.targets()) {
      for (OperationSummary operation :
          target.operations() == null ? List.<OperationSummary>of() : target.operations()) {
        any = true;
        total += operation.throughputPerSecond();
      }
    }
    return any ? total : null;
  }
}
