package dev.anemometer.driver.metrics;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.stats.OperationStats;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToDoubleFunction;

/**
 * The driver's live figures for Prometheus, fed by status reports and kept in a Micrometer
 * Prometheus registry: users, phase, QoS and validity per target as gauges, operations and failures
 * as counters (Prometheus derives ops/s with {@code rate()}), and latency per operation as a
 * summary whose quantiles are those of the last status interval's HdrHistogram (see {@link
 * LatencySummary}).
 *
 * <p>Failure reasons are cut before {@code " on <path>"} so that their label stays low-cardinality.
 */
public final class DriverMetrics implements RunListener {

  /** The exposition format {@link #scrape()} writes. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Map<String, TargetState> targets = new ConcurrentHashMap<>();
  private final LatencySummary latency = new LatencySummary();

  public DriverMetrics() {
    registry.getPrometheusRegistry().register(latency);
  }

  @Override
  public void onUsersChanged(String targetId, long elapsedMillis, int userCount, LoadPhase phase) {
    TargetState target = target(targetId);
    target.users = userCount;
    target.phase(phase);
  }

  @Override
  public void onStatus(StatusReport report) {
    TargetState target = target(report.targetId());
    // The live count comes from onUsersChanged; a report's users are those of the interval that
    // just ended, older than a change made at the same tick.
    if (Double.isNaN(target.users)) {
      target.users = report.users();
    }
    target.phase(report.phase());
    target.verdict(report.verdict().passed(), report.verdict().valid());
    for (Map.Entry<OperationType, OperationStats> entry : report.stats().operations().entrySet()) {
      String operation = entry.getKey().displayName();
      OperationStats stats = entry.getValue();
      registry
          .counter("anemometer.driver.operations", "target", target.id, "operation", operation)
          .increment(stats.total());
      stats
          .failures()
          .forEach(
              (reason, count) ->
                  registry
                      .counter(
                          "anemometer.driver.failures",
                          "target",
                          target.id,
                          "operation",
                          operation,
                          "reason",
                          shortReason(reason))
                      .increment(count));
      latency.record(target.id, operation, stats.latencyMicros());
    }
  }

  /** The exposition text in the Prometheus text format (version 0.0.4). */
  public String scrape() {
    return registry.scrape(CONTENT_TYPE);
  }

  static String shortReason(String reason) {
    int on = reason.indexOf(" on ");
    return on > 0 ? reason.substring(0, on) : reason;
  }

  private TargetState target(String targetId) {
    return targets.computeIfAbsent(targetId, TargetState::new);
  }

  /** One target's gauges read these fields; a phase's gauge is 1 while it is the current one. */
  private final class TargetState {

    private final String id;
    private final Map<LoadPhase, Gauge> phaseGauges = new ConcurrentHashMap<>();
    private volatile double users = Double.NaN;
    private volatile LoadPhase phase;
    private volatile double qosPassing;
    private volatile double valid;
    private volatile boolean judged;

    TargetState(String id) {
      this.id = id;
      gauge("anemometer.driver.users", "Simulated users per target.", state -> state.users);
    }

    /** The verdict's gauges appear with the first verdict, as there is nothing to say before. */
    void verdict(boolean passed, boolean kept) {
      qosPassing = passed ? 1 : 0;
      valid = kept ? 1 : 0;
      if (!judged) {
        judged = true;
        gauge(
            "anemometer.driver.qos.passing",
            "1 if the last interval met QoS.",
            state -> state.qosPassing);
        gauge(
            "anemometer.driver.valid",
            "1 if the driver kept up in the last interval.",
            state -> state.valid);
      }
    }

    void phase(LoadPhase current) {
      phase = current;
      phaseGauges.computeIfAbsent(
          current,
          each ->
              Gauge.builder("anemometer.driver.phase", this, state -> state.phase == each ? 1 : 0)
                  .description("1 for the load path's current phase.")
                  .tags("target", id, "phase", each.name())
                  .strongReference(true)
                  .register(registry));
    }

    private void gauge(String name, String help, ToDoubleFunction<TargetState> value) {
      Gauge.builder(name, this, value)
          .description(help)
          .tag("target", id)
          .strongReference(true)
          .register(registry);
    }
  }
}
