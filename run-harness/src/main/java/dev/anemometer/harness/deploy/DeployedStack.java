package dev.anemometer.harness.deploy;

import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The tiers of a run, up and ready, on whichever target deployed them: what the run procedure needs
 * from a target between deploy and stop (SPEC §4.5). Closing it stops every tier and removes what
 * the target created (processes, Compose projects and volumes, namespaces).
 */
public interface DeployedStack extends AutoCloseable {

  /** Each app instance with its entry URLs and its database as the target describes it. */
  java.util.List<DeployedInstance> instances();

  /** The app tier of each app instance that elasticity may scale, by app instance index. */
  default Map<Integer, ScalableTier> scalableTiers() {
    return Map.of();
  }

  /** Where faults can be injected, by app instance index; none means every fault is skipped. */
  default Map<Integer, FaultTarget> faultTargets() {
    return Map.of();
  }

  /**
   * How the driver keeps its share of this host during the load (the local target: its own cores,
   * the tiers at a lower precedence); nothing on the other targets (compose raises the driver's own
   * priority for as long as its deployment runs, decision 0023).
   */
  default DriverPlacement driverPlacement() {
    return DriverPlacement.NONE;
  }

  /**
   * Opens this host's way to the driver workers the target deployed next to the tiers (worker pods
   * on a cluster), for the harness to drive; empty where the target deploys none and the users run
   * where {@code driver.workers} says.
   */
  default Optional<TargetWorkers> openWorkers() {
    return Optional.empty();
  }

  /**
   * Opens access to an instance's database from this host for the bid audit; empty when the target
   * cannot reach it (the audit is then skipped with a notice, not failed).
   */
  default Optional<DatabaseAccess> database(DeployedInstance instance) {
    return Optional.of(DatabaseAccess.direct(instance.database()));
  }

  /**
   * The tier processes as they are at each call (restarts and scaling change them), for CPU per
   * tier; empty where the target does not measure it (yet).
   */
  default Optional<Supplier<java.util.List<TierProcess>>> tierProcesses() {
    return Optional.empty();
  }

  /**
   * CPU per tier as the target measures it itself, where {@link #tierProcesses} has no processes to
   * read (a cluster's metrics API); empty where the target does not.
   */
  default Optional<TargetCpu> targetCpu() {
    return Optional.empty();
  }

  /**
   * Where an app server's JVM metrics can be read (Prometheus text), for the soak sampler; empty
   * for the other tiers and where the target does not say.
   */
  default Optional<java.net.URI> metricsUrl(TierProcess process) {
    return Optional.empty();
  }

  /**
   * Tells {@code listener}, within a second, of every tier process that ends when nothing planned
   * its end (a crash, a kill from outside the harness); planned stops, scaling and faults are not
   * reported. Targets that cannot watch their tiers do nothing.
   */
  default void watchTiers(Consumer<TierExit> listener) {}

  /** Copies what the tiers logged into the results, before they are stopped. */
  default void collectLogs() {}

  @Override
  void close();

  /** A database reachable from this host while open (a port-forward, or nothing to close). */
  interface DatabaseAccess extends AutoCloseable {

    DatabaseEndpoint endpoint();

    @Override
    void close();

    static DatabaseAccess direct(DatabaseEndpoint endpoint) {
      return new DatabaseAccess() {
        @Override
        public DatabaseEndpoint endpoint() {
          return endpoint;
        }

        @Override
        public void close() {}
      };
    }
  }
}
