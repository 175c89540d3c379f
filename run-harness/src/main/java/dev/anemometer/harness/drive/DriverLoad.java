package dev.anemometer.harness.drive;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.control.RemoteLoadGenerator;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.HttpClientConfig;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.metrics.DriverMetrics;
import dev.anemometer.driver.metrics.MetricsServer;
import dev.anemometer.driver.output.OutputDirectory;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LoadGenerator;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.harness.audit.AcknowledgedBid;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.LoadProgress;
import dev.anemometer.harness.deploy.HostWorkers;
import dev.anemometer.harness.deploy.TierStartException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The load phase through the workload driver's library: its users in this JVM, or in worker JVMs
 * ({@code driver.workers}, or the worker pods a cluster target deploys) that this JVM drives as
 * their controller. Either way the load path, live status, QoS, results and bid audit are the same.
 */
public final class DriverLoad implements LoadDriver {

  private final HostWorkers.Starter hostWorkers;

  /**
   * @param hostWorkers starts worker JVMs on this host for {@code driver.workers: N}
   */
  public DriverLoad(HostWorkers.Starter hostWorkers) {
    this.hostWorkers = hostWorkers;
  }

  @Override
  public LoadOutcome drive(LoadPlan plan) {
    AnemometerConfig config = plan.config();
    if (!config.driver().usesWorkers() && plan.targetWorkers() == null) {
      RunResult result =
          run(plan, LocalLoadGenerator.production(DriverLoad::nettyClient), "driver");
      if (result.error() != null) {
        throw new TierStartException("the driver broke off: " + result.error());
      }
      return outcome(plan, result);
    }
    try (WorkerFleet fleet = WorkerFleet.open(config.driver(), plan, hostWorkers)) {
      fleet.stopLoadOnExit(plan.stop(), plan.events(), plan.console());
      RunResult result =
          run(
              plan,
              new RemoteLoadGenerator(fleet.clients(), TimeSource.SYSTEM),
              "driver controller of " + fleet.clients().size() + " workers");
      if (result.error() != null) {
        // What was measured until then is kept; the run ends with exit 3 naming the worker.
        plan.stop().stop(fleet.failure(result.error()));
      }
      return outcome(plan, result);
    }
  }

  private static RunResult run(LoadPlan plan, LoadGenerator generator, String who) {
    AnemometerConfig config = plan.config();
    RunSpec spec = LoadPaths.runSpec(config, plan.instances());
    if (plan.config().changesTiersDuringLoad()) {
      spec =
          new RunSpec(
              spec.name(),
              spec.targets(),
              spec.qos(),
              spec.thresholds(),
              config.elasticity().statsInterval(),
              spec.tick());
    }
    Duration length = LoadPaths.length(config);
    plan.console()
        .info(
            length.isZero()
                ? "findMax: runs until the peak is found"
                : "load path: " + dev.anemometer.driver.syntax.DurationSyntax.format(length));
    DriverMetrics metrics = new DriverMetrics();
    try (OutputDirectory output = new OutputDirectory(plan.driverDir(), System::currentTimeMillis);
        MetricsServer metricsServer = DriverMetricsPort.serve(metrics)) {
      plan.console().info(who + " metrics (Prometheus): " + metricsServer.url());
      plan.events().record("metrics", "driver", Map.of("url", metricsServer.url()));
      DriverRun run =
          new DriverRun(spec, generator, TimeSource.SYSTEM)
              .addListener(metrics)
              .addListener(output)
              .addListener(new LoadProgress(System.out, length, System.console() != null))
              .addListener(new WindowEvents(plan.events()));
      plan.listeners().forEach(run::addListener);
      plan.stop().onStop(run::stop);
      return runStoppingOnSignal(run);
    }
  }

  private static LoadOutcome outcome(LoadPlan plan, RunResult result) {
    AnemometerConfig config = plan.config();
    List<Boolean> passed = new ArrayList<>();
    List<Integer> peaks = new ArrayList<>();
    List<List<AcknowledgedBid>> bids = new ArrayList<>();
    for (int i = 0; i < plan.instances().size(); i++) {
      TargetResult target = result.target("instance-" + plan.instances().get(i).index());
      passed.add(target.passed() && target.valid());
      peaks.add(
          target.peakUsers() != null
              ? target.peakUsers()
              : config.appInstances().get(i).peakUsers(config.strategy(), config.findMax()));
      bids.add(acknowledgedBids(target));
    }
    return new LoadOutcome(passed, result.valid(), peaks, bids, OutputDirectory.summary(result));
  }

  /** The target's bids as the audit reads them; amounts back from cents to two decimals. */
  static List<AcknowledgedBid> acknowledgedBids(TargetResult target) {
    List<AcknowledgedBid> bids = new ArrayList<>(target.acknowledgedBids().size());
    target
        .acknowledgedBids()
        .forEach(
            (bidId, itemId, bidderId, amountCents, outcome) ->
                bids.add(
                    new AcknowledgedBid(
                        bidId, itemId, bidderId, BigDecimal.valueOf(amountCents, 2), outcome)));
    return bids;
  }

  private static HttpClient nettyClient() {
    return new NettyHttpClient(HttpClientConfig.defaults());
  }

  /** Ctrl-C ends the load early; what was measured is kept and judged. */
  private static RunResult runStoppingOnSignal(DriverRun run) {
    Thread stop = new Thread(run::stop, "anemometer-stop-driver");
    Runtime.getRuntime().addShutdownHook(stop);
    try {
      return run.run();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(stop);
      } catch (IllegalStateException shuttingDown) {
        // the hook is stopping the run
      }
    }
  }
}
