package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A run on a cluster: one namespace per app instance, ready before the load; the driver's workers
 * as pods that the harness drives through port-forwards, as it drives workers anywhere; Deployment
 * replicas for elasticity; pod deletion for faults; pod logs and events copied into {@code logs/};
 * the namespaces deleted at the end, also when the run fails or is interrupted, unless {@code
 * --keep} asks to leave them.
 */
public final class KubernetesStack implements DeployedStack {

  /**
   * @param kubeconfig null: $KUBECONFIG, ~/.kube/config or in-cluster
   * @param context null: the kubeconfig's current context
   * @param keep leave the namespaces after the run
   */
  public record Options(Path kubeconfig, String context, Duration readyTimeout, boolean keep) {}

  private final KubernetesClient client;
  private final ClusterNetwork network;
  private final boolean ownsClient;
  private final KubernetesDeployment deployment;
  private final Readiness readiness;
  private final Path logsDir;
  private final Options options;
  private final Console console;
  private final AtomicBoolean closed = new AtomicBoolean();
  private PodCpu podCpu;
  private final Thread removeOnExit = new Thread(this::remove, "anemometer-delete-namespaces");

  private KubernetesStack(
      KubernetesClient client,
      ClusterNetwork network,
      boolean ownsClient,
      String runName,
      Path logsDir,
      Options options,
      Console console) {
    this.client = client;
    this.network = network;
    this.ownsClient = ownsClient;
    this.deployment = new KubernetesDeployment(client, network, runName, NamespaceOwner.current());
    this.readiness = new Readiness(client);
    this.logsDir = logsDir;
    this.options = options;
    this.console = console;
  }

  public static KubernetesStack start(
      AnemometerConfig config,
      TuningCalculator tuning,
      Path resultsDir,
      Options options,
      Console console) {
    KubernetesClient client = ClusterConnection.connect(options.kubeconfig(), options.context());
    return start(
        client, new ApiServerNetwork(client), true, config, tuning, resultsDir, options, console);
  }

  /**
   * The run's namespaces are named after its results folder, which is unique per run.
   *
   * @param network how this host reaches pods and pods reach Services (a test plays them)
   * @param ownsClient close the client with the stack (not when a test lends its own)
   */
  static KubernetesStack start(
      KubernetesClient client,
      ClusterNetwork network,
      boolean ownsClient,
      AnemometerConfig config,
      TuningCalculator tuning,
      Path resultsDir,
      Options options,
      Console console) {
    KubernetesStack stack =
        new KubernetesStack(
            client,
            network,
            ownsClient,
            resultsDir.getFileName().toString(),
            resultsDir.resolve("logs"),
            options,
            console);
    try {
      // A cheap read first: an unreachable cluster is one clear line, with nothing to clean up.
      client.namespaces().withName(stack.deployment.namespaceName(0)).get();
    } catch (KubernetesClientException e) {
      if (ownsClient) {
        client.close();
      }
      throw unreachable(client, e);
    }
    Runtime.getRuntime().addShutdownHook(stack.removeOnExit);
    try {
      List<InstanceNamespace> instances = stack.deployment.deploy(config, tuning);
      for (InstanceNamespace instance : instances) {
        console.phase("kubernetes: waiting for namespace " + instance.namespace());
        stack.readiness.await(instance, options.readyTimeout());
      }
      return stack;
    } catch (KubernetesClientException e) {
      stack.abort();
      throw unreachable(client, e);
    } catch (RuntimeException e) {
      stack.abort();
      throw e;
    }
  }

  private static TierStartException unreachable(
      KubernetesClient client, KubernetesClientException e) {
    Throwable cause = e;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return new TierStartException(
        "target kubernetes: the cluster at "
            + client.getMasterUrl()
            + " refused or did not answer ("
            + cause.getClass().getSimpleName()
            + (cause.getMessage() == null ? "" : ": " + cause.getMessage())
            + "); check --kubeconfig and --context");
  }

  @Override
  public List<DeployedInstance> instances() {
    return deployment.instances().stream().map(KubernetesStack::deployed).toList();
  }

  /** In-cluster addresses: what the driver's worker pods use, and what the summary records. */
  private static DeployedInstance deployed(InstanceNamespace instance) {
    String jdbcUrl =
        "jdbc:postgresql://postgres."
            + instance.namespace()
            + ".svc:"
            + ContainerConfigs.POSTGRES_PORT
            + "/"
            + ContainerConfigs.DATABASE;
    return new DeployedInstance(
        instance.appInstanceIndex(),
        List.of(instance.entryUrl()),
        new DatabaseEndpoint(jdbcUrl, ContainerConfigs.DATABASE_USER, ""),
        List.of(),
        List.of());
  }

  @Override
  public Map<Integer, ScalableTier> scalableTiers() {
    Map<Integer, ScalableTier> tiers = new HashMap<>();
    for (InstanceNamespace instance : deployment.instances()) {
      tiers.put(
          instance.appInstanceIndex(),
          new KubernetesAppTier(deployment, readiness, instance, options.readyTimeout(), podCpu()));
    }
    return tiers;
  }

  @Override
  public Map<Integer, FaultTarget> faultTargets() {
    Map<Integer, FaultTarget> targets = new HashMap<>();
    for (InstanceNamespace instance : deployment.instances()) {
      targets.put(
          instance.appInstanceIndex(),
          new KubernetesFaults(client, readiness, instance, options.readyTimeout()));
    }
    return targets;
  }

  @Override
  public Optional<TargetCpu> targetCpu() {
    return Optional.of(podCpu());
  }

  /** One reader for the run: the CPU tables and a reactive policy count the same readings. */
  private synchronized PodCpu podCpu() {
    if (podCpu == null) {
      podCpu = new PodCpu(client, deployment.instances());
    }
    return podCpu;
  }

  @Override
  public Optional<TargetWorkers> openWorkers() {
    return Optional.of(
        ClusterWorkers.open(
            network,
            deployment.instances(),
            deployment.driverToken(),
            deployment.instances().get(0).model().driverPods().reach()));
  }

  @Override
  public Optional<DatabaseAccess> database(DeployedInstance instance) {
    return PostgresForward.open(client, network, deployment.instance(instance.index()).namespace());
  }

  @Override
  public void collectLogs() {
    ClusterCollector collector = new ClusterCollector(client);
    for (InstanceNamespace instance : deployment.instances()) {
      collector.collect(instance, logsDir);
    }
  }

  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(removeOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook itself is removing the namespaces
    }
    remove();
  }

  /** After a failed start: whatever cleaning up says, the start failure is the error to report. */
  private void abort() {
    try {
      collectLogs();
    } catch (RuntimeException e) {
      console.debug("logs of the failed start not collected: " + e.getMessage());
    }
    try {
      close();
    } catch (RuntimeException e) {
      console.notice("namespaces of the failed start not removed: " + e.getMessage());
    }
  }

  private void remove() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      List<String> namespaces =
          deployment.instances().stream().map(InstanceNamespace::namespace).toList();
      if (options.keep()) {
        console.notice(
            "kept namespaces "
                + namespaces
                + " (--keep); remove them with ./anemometer teardown --kubernetes");
      } else {
        deployment.close();
      }
    } finally {
      if (ownsClient) {
        client.close();
      }
    }
  }
}
