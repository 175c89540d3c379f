package dev.anemometer.harness.drive;

import dev.anemometer.driver.api.LoadRun;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.syntax.DurationSyntax;
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

  /**
   * Where the driver serves its Prometheus metrics when the port is free (the Compose and
   * Kubernetes Prometheus configurations scrape it); else any free loopback port.
   */
  private static final int PROMETHEUS_PORT = 9464;

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
    RunSpec spec = runSpec(plan);
    if (!config.driver().usesWorkers() && plan.targetWorkers() == null) {
      RunResult result = run(plan, LoadRun.of(spec), "driver");
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
              LoadRun.of(spec).usersOn(fleet.workers()),
              "driver controller of " + fleet.workers().size() + " workers");
      if (result.error() != null) {
        // What was measured until then is kept; the run ends with exit 3 naming the worker.
        plan.stop().stop(fleet.failure(result.error()));
      }
      return outcome(plan, result);
    }
  }

  private static RunSpec runSpec(LoadPlan plan) {
    AnemometerConfig config = plan.config();
    RunSpec spec = LoadPaths.runSpec(config, plan.instances());
    if (!config.changesTiersDuringLoad()) {
      return spec;
    }
    return new RunSpec(
        spec.name(),
        spec.targets(),
        spec.qos(),
        spec.thresholds(),
        config.elasticity().statsInterval(),
        spec.tick());
  }

  private static RunResult run(LoadPlan plan, LoadRun.Builder builder, String who) {
    Duration length = LoadPaths.length(plan.config());
    plan.console()
        .info(
            length.isZero()
                ? "findMax: runs until the peak is found"
                : "load path: " + DurationSyntax.format(length));
    builder
        .output(plan.driverDir())
        .metricsPreferring(PROMETHEUS_PORT)
        .listener(new LoadProgress(System.out, length, System.console() != null))
        .listener(new WindowEvents(plan.events()));
    plan.listeners().forEach(builder::listener);
    try (LoadRun run = openOrSayWhy(builder)) {
      String metrics = run.metricsUrl().orElseThrow();
      plan.console().info(who + " metrics (Prometheus): " + metrics);
      plan.events().record("metrics", "driver", Map.of("url", metrics));
      plan.stop().onStop(run::stop);
      return run.run();
    }
  }

  /**
   * What keeps the driver from starting (a worker that does not answer, named; a results file that
   * cannot be written) ends the run before the load as an infrastructure error.
   */
  private static LoadRun openOrSayWhy(LoadRun.Builder builder) {
    try {
      return builder.open();
    } catch (RuntimeException e) {
      String why = e.getMessage() != null ? e.getMessage() : e.toString();
      throw new TierStartException("the driver did not start: " + why, e);
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
    return new LoadOutcome(passed, result.valid(), peaks, bids, LoadRun.summary(result));
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
}
