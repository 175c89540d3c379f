package dev.anemometer.driver.metrics;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.stats.OperationStats;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The driver's live figures in the Prometheus text format (version 0.0.4), fed by status reports:
 * users and phase per target, operations and failures as counters (Prometheus derives ops/s with
 * {@code rate()}), and latency per operation as a summary whose quantiles are those of the last
 * status interval's HdrHistogram (latency from the intended start).
 *
 * <p>Failure reasons are cut before {@code " on <path>"} so that their label stays low-cardinality.
 */
public final class DriverMetrics implements RunListener {

  private static final double[] QUANTILES = {0.5, 0.95, 0.99};

  private final Map<String, Integer> users = new TreeMap<>();
  private final Map<String, LoadPhase> phases = new TreeMap<>();
  private final Map<String, Boolean> qosPassing = new TreeMap<>();
  private final Map<String, Boolean> valid = new TreeMap<>();
  private final Map<String, Long> operations = new TreeMap<>();
  private final Map<String, Long> failures = new TreeMap<>();
  private final Map<String, Double> latencySumSeconds = new TreeMap<>();
  private final Map<String, Long> latencyCount = new TreeMap<>();
  private final Map<String, double[]> latencyQuantilesSeconds = new TreeMap<>();

  @Override
  public synchronized void onUsersChanged(
      String targetId, long elapsedMillis, int userCount, LoadPhase phase) {
    users.put(targetId, userCount);
    phases.put(targetId, phase);
  }

  @Override
  public synchronized void onStatus(StatusReport report) {
    String target = report.targetId();
    // The live count comes from onUsersChanged; a report's users are those of the interval that
    // just ended, older than a change made at the same tick.
    users.putIfAbsent(target, report.users());
    phases.put(target, report.phase());
    qosPassing.put(target, report.verdict().passed());
    valid.put(target, report.verdict().valid());
    for (Map.Entry<OperationType, OperationStats> entry : report.stats().operations().entrySet()) {
      String series = labels("target", target, "operation", entry.getKey().displayName());
      OperationStats stats = entry.getValue();
      operations.merge(series, stats.total(), Long::sum);
      stats
          .failures()
          .forEach(
              (reason, count) ->
                  failures.merge(
                      series + "," + labels("reason", shortReason(reason)), count, Long::sum));
      Histogram latency = stats.latencyMicros();
      if (latency.getTotalCount() > 0) {
        latencyCount.merge(series, latency.getTotalCount(), Long::sum);
        latencySumSeconds.merge(
            series, latency.getMean() * latency.getTotalCount() / 1e6, Double::sum);
        double[] quantiles = new double[QUANTILES.length];
        for (int i = 0; i < QUANTILES.length; i++) {
          quantiles[i] = latency.getValueAtPercentile(QUANTILES[i] * 100) / 1e6;
        }
        latencyQuantilesSeconds.put(series, quantiles);
      }
    }
  }

  /** The exposition text, one family after the other. */
  public synchronized String scrape() {
    StringBuilder text = new StringBuilder();
    family(text, "anemometer_driver_users", "gauge", "Simulated users per target.");
    users.forEach(
        (target, count) ->
            sample(text, "anemometer_driver_users", labels("target", target), count));
    family(text, "anemometer_driver_phase", "gauge", "1 for the load path's current phase.");
    phases.forEach(
        (target, phase) ->
            sample(
                text,
                "anemometer_driver_phase",
                labels("target", target, "phase", phase.name()),
                1));
    family(text, "anemometer_driver_qos_passing", "gauge", "1 if the last interval met QoS.");
    qosPassing.forEach(
        (target, ok) ->
            sample(text, "anemometer_driver_qos_passing", labels("target", target), ok ? 1 : 0));
    family(
        text, "anemometer_driver_valid", "gauge", "1 if the driver kept up in the last interval.");
    valid.forEach(
        (target, ok) ->
            sample(text, "anemometer_driver_valid", labels("target", target), ok ? 1 : 0));
    family(text, "anemometer_driver_operations_total", "counter", "Completed operations.");
    operations.forEach(
        (series, count) -> sample(text, "anemometer_driver_operations_total", series, count));
    family(text, "anemometer_driver_failures_total", "counter", "Failed operations by reason.");
    failures.forEach(
        (series, count) -> sample(text, "anemometer_driver_failures_total", series, count));
    family(
        text,
        "anemometer_driver_latency_seconds",
        "summary",
        "Latency from the intended start; quantiles over the last status interval.");
    latencyQuantilesSeconds.forEach(
        (series, quantiles) -> {
          for (int i = 0; i < QUANTILES.length; i++) {
            sample(
                text,
                "anemometer_driver_latency_seconds",
                series + "," + labels("quantile", String.valueOf(QUANTILES[i])),
                quantiles[i]);
          }
          sample(
              text, "anemometer_driver_latency_seconds_sum", series, latencySumSeconds.get(series));
          sample(text, "anemometer_driver_latency_seconds_count", series, latencyCount.get(series));
        });
    return text.toString();
  }

  static String shortReason(String reason) {
    int on = reason.indexOf(" on ");
    return on > 0 ? reason.substring(0, on) : reason;
  }

  private static void family(StringBuilder text, String name, String type, String help) {
    text.append("# HELP ").append(name).append(' ').append(help).append('\n');
    text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
  }

  private static void sample(StringBuilder text, String name, String labels, Number value) {
    text.append(name).append('{').append(labels).append("} ");
    text.append(
        value instanceof Double d ? String.format(Locale.ROOT, "%.6g", d) : value.toString());
    text.append('\n');
  }

  static String labels(String... namesAndValues) {
    StringBuilder labels = new StringBuilder();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      if (i > 0) {
        labels.append(',');
      }
      labels
          .append(namesAndValues[i])
          .append("=\"")
          .append(
              namesAndValues[i + 1]
                  .replace("\\", "\\\\")
                  .replace("\"", "\\\"")
                  .replace("\n", "\\n"))
          .append('"');
    }
    return labels.toString();
  }
}
