package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.Containers.resources;
import static dev.anemometer.harness.deploygen.Containers.secret;
import static dev.anemometer.harness.deploygen.Containers.tcp;
import static dev.anemometer.harness.deploygen.KubernetesManifests.DRIVER_IMAGE;

import dev.anemometer.harness.config.DriverPods;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodAffinityTerm;
import io.fabric8.kubernetes.api.model.PodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.PodAntiAffinityBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import java.util.List;

/**
 * The driver's workers as pods: a StatefulSet (stable names the harness forwards a port to) behind
 * a headless Service. The harness is their controller, as it is of workers on one host: it reaches
 * each worker's control API through a port-forward on its own loopback (or, running in the cluster,
 * by the worker's name), with the run's token, and drives the load path, the QoS judgement and the
 * results itself. A NetworkPolicy admits no one else to the workers, and a worker loads no host but
 * the entry tiers it is given.
 */
final class Driver {

  static final String WORKERS = "driver-worker";
  static final int WORKER_PORT = 7000;

  private Driver() {}

  /**
   * @param targets the entry hosts the workers may load, as the harness writes them in their target
   *     URLs
   */
  static List<HasMetadata> manifests(StackModel model, List<String> targets) {
    TierLabels workers = TierLabels.of(WORKERS, model);
    return List.of(
        Workloads.statefulSet(WORKERS, workers, model.driverWorkers(), workerPod(model, targets))
            .editSpec()
            .withPodManagementPolicy("Parallel")
            .endSpec()
            .build(),
        Workloads.service(WORKERS, workers, WORKER_PORT, true),
        onlyTheHarness(workers));
  }

  /** The token comes from the Secret through the environment, so no pod spec shows it. */
  private static PodSpec workerPod(StackModel model, List<String> targets) {
    DriverPods pods = model.driverPods();
    String port = String.valueOf(WORKER_PORT);
    Container worker =
        Containers.serving("worker", DRIVER_IMAGE, "control", WORKER_PORT)
            .withArgs(
                "worker",
                "--port",
                port,
                "--bind",
                "0.0.0.0",
                "--allow-target",
                String.join(",", targets),
                // A harness in the cluster names a worker by its Service: pod.driver-worker.ns.svc
                "--allow-host",
                ".svc")
            .withEnv(
                Containers.env("DRIVER_HEALTH_PORT", port),
                secret("ANEMOMETER_DRIVER_TOKEN", "driver-token"))
            .withReadinessProbe(tcp("control").withPeriodSeconds(5).build())
            .withLivenessProbe(tcp("control").withPeriodSeconds(10).build())
            .withResources(resources(pods.cpu(), pods.cpuLimit(), pods.memory().bytes() >> 20))
            .build();
    return PodSecurity.restricted(
        new PodSpecBuilder().withContainers(worker).withAffinity(apart(pods.spread())).build(),
        PodSecurity.ANEMOMETER_USER);
  }

  /**
   * Keeps the workers off the nodes of the app servers and of each other, in every namespace: a
   * worker beside an app server takes the CPU the benchmark measures, and two on one node share its
   * network and cores.
   */
  private static Affinity apart(DriverPods.Spread spread) {
    if (spread == DriverPods.Spread.NONE) {
      return null;
    }
    PodAffinityTerm term =
        new PodAffinityTermBuilder()
            .withTopologyKey("kubernetes.io/hostname")
            .withNewNamespaceSelector()
            .endNamespaceSelector()
            .withNewLabelSelector()
            .addNewMatchExpression()
            .withKey(TierLabels.TIER)
            .withOperator("In")
            .withValues("app", WORKERS)
            .endMatchExpression()
            .endLabelSelector()
            .build();
    PodAntiAffinityBuilder antiAffinity = new PodAntiAffinityBuilder();
    if (spread == DriverPods.Spread.REQUIRED) {
      antiAffinity.withRequiredDuringSchedulingIgnoredDuringExecution(term);
    } else {
      antiAffinity.withPreferredDuringSchedulingIgnoredDuringExecution(
          new WeightedPodAffinityTermBuilder().withWeight(100).withPodAffinityTerm(term).build());
    }
    return new AffinityBuilder().withPodAntiAffinity(antiAffinity.build()).build();
  }

  /**
   * Selects the workers and admits to their control port only a harness running in a pod of the
   * cluster (labelled {@code anemometer.dev/tier: harness}, in any namespace); a port-forward
   * enters the pod's own network namespace, which no policy filters.
   */
  private static NetworkPolicy onlyTheHarness(TierLabels workers) {
    return new NetworkPolicyBuilder()
        .withMetadata(workers.metadata(WORKERS + "-only-harness"))
        .withNewSpec()
        .withNewPodSelector()
        .withMatchLabels(workers.selector())
        .endPodSelector()
        .withPolicyTypes("Ingress")
        .addNewIngress()
        .addNewFrom()
        .withNewNamespaceSelector()
        .endNamespaceSelector()
        .withNewPodSelector()
        .addToMatchLabels(TierLabels.TIER, "harness")
        .endPodSelector()
        .endFrom()
        .addNewPort()
        .withProtocol("TCP")
        .withPort(new IntOrString(WORKER_PORT))
        .endPort()
        .endIngress()
        .endSpec()
        .build();
  }
}
