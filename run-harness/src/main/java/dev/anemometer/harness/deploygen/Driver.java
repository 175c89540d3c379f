package dev.anemometer.harness.deploygen;

import static dev.anemometer.harness.deploygen.Containers.env;
import static dev.anemometer.harness.deploygen.Containers.mount;
import static dev.anemometer.harness.deploygen.Containers.resources;
import static dev.anemometer.harness.deploygen.Containers.secret;
import static dev.anemometer.harness.deploygen.Containers.tcp;
import static dev.anemometer.harness.deploygen.KubernetesManifests.DRIVER_IMAGE;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import java.util.List;
import java.util.StringJoiner;

/**
 * The driver as pods: workers in a StatefulSet (stable names the controller can list) behind a
 * headless Service, and a controller Job that splits users and accounts across them. The Job is
 * created suspended: load starts only when someone (the harness, or a user with kubectl) resumes it
 * after the tiers are ready and the data is loaded.
 */
final class Driver {

  static final int WORKER_PORT = 7000;

  private Driver() {}

  static List<HasMetadata> manifests(StackModel model) {
    TierLabels workers = TierLabels.of("driver-worker", model);
    return List.of(
        Workloads.statefulSet("driver-worker", workers, model.driverWorkers(), workerPod(model))
            .editSpec()
            .withPodManagementPolicy("Parallel")
            .endSpec()
            .build(),
        Workloads.service("driver-worker", workers, WORKER_PORT, true),
        controller(model));
  }

  static String workerAddresses(int workers) {
    StringJoiner addresses = new StringJoiner(",");
    for (int i = 0; i < workers; i++) {
      addresses.add("driver-worker-" + i + ".driver-worker:" + WORKER_PORT);
    }
    return addresses.toString();
  }

  /** The load the controller drives: what a preset's overlay sizes. */
  static List<EnvVar> load(StackModel model) {
    return List.of(
        env("USERS", model.users()), env("DRIVER_WORKERS", workerAddresses(model.driverWorkers())));
  }

  private static EnvVar token() {
    return secret("DRIVER_TOKEN", "driver-token");
  }

  /**
   * A worker answers the controller by its pod name (a subdomain of the headless Service) and loads
   * the entry tier only.
   */
  private static PodSpec workerPod(StackModel model) {
    String port = String.valueOf(WORKER_PORT);
    String args =
        "worker --port "
            + port
            + " --bind 0.0.0.0 --token $(DRIVER_TOKEN) --allow-host .driver-worker --allow-target "
            + model.entryHost();
    Container worker =
        Containers.serving("worker", DRIVER_IMAGE, "control", WORKER_PORT)
            .withArgs(args.split(" "))
            .withEnv(env("DRIVER_HEALTH_PORT", port), token())
            .withReadinessProbe(tcp("control").withPeriodSeconds(5).build())
            .withLivenessProbe(tcp("control").withPeriodSeconds(10).build())
            .withResources(resources("1", "2", 1024))
            .build();
    return new PodSpecBuilder().withContainers(worker).build();
  }

  /** Runs the preset's users against the entry tier; a harness run replaces its arguments. */
  private static HasMetadata controller(StackModel model) {
    String target = "http://" + model.entryHost() + ":" + ContainerConfigs.HTTP_PORT;
    String args =
        "controller --workers $(DRIVER_WORKERS) --token $(DRIVER_TOKEN) --target "
            + target
            + " --users $(USERS) --out /results";
    Container controller =
        new ContainerBuilder()
            .withName("controller")
            .withImage(DRIVER_IMAGE)
            .withArgs(args.split(" "))
            .withEnv(load(model))
            .addToEnv(token())
            .withResources(resources("500m", "1", 512))
            .withVolumeMounts(mount("results", "/results"))
            .build();
    PodSpec pod =
        new PodSpecBuilder()
            .withRestartPolicy("Never")
            .withContainers(controller)
            .withVolumes(Containers.emptyDir("results", null, null))
            .build();
    return Workloads.job("driver-controller", TierLabels.of("driver-controller", model), pod)
        .editSpec()
        .withSuspend(true)
        .withBackoffLimit(0)
        .endSpec()
        .build();
  }
}
