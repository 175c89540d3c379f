package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.LoadDriver;
import dev.anemometer.harness.deploy.LoadOutcome;
import dev.anemometer.harness.deploy.LoadPaths;
import dev.anemometer.harness.deploy.LoadPlan;
import dev.anemometer.harness.deploy.TierStartException;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The load phase on a cluster: the driver runs as pods next to the tiers, so the harness resumes
 * each instance's suspended controller Job, waits until it ends, and reads the verdict the
 * controller printed at the end of its log. Elasticity is timed from the moment the Jobs resume.
 */
final class ClusterLoad implements LoadDriver {

  /** Pods scheduled, images pulled, workers contacted: time a Job needs beyond its load path. */
  static final Duration START_SLACK = Duration.ofMinutes(15);

  /** findMax has no length known in advance. */
  static final Duration FIND_MAX_LIMIT = Duration.ofHours(12);

  private final KubernetesClient client;
  private final KubernetesDeployment deployment;

  ClusterLoad(KubernetesClient client, KubernetesDeployment deployment) {
    this.client = client;
    this.deployment = deployment;
  }

  @Override
  public LoadOutcome drive(LoadPlan plan) throws InterruptedException {
    AnemometerConfig config = plan.config();
    Duration length = LoadPaths.length(config);
    Duration limit = length.isZero() ? FIND_MAX_LIMIT : length.plus(START_SLACK);
    plan.console()
        .info("driver controller Jobs resumed; waiting up to " + limit.toMinutes() + " min");
    deployment.startDriver();
    RunSpec spec = LoadPaths.runSpec(config, plan.instances());
    plan.listeners().forEach(listener -> listener.onStart(spec));
    DriverSummaries summaries = new DriverSummaries(config, plan.driverDir());
    for (DeployedInstance instance : plan.instances()) {
      InstanceNamespace namespace = deployment.instance(instance.index());
      Job job = awaitEnd(namespace.namespace(), limit);
      String log = controllerLog(namespace.namespace());
      summaries.add(instance.index(), namespace.namespace(), log, succeeded(job));
    }
    return summaries.outcome();
  }

  private Job awaitEnd(String ns, Duration limit) throws InterruptedException {
    try {
      return client
          .batch()
          .v1()
          .jobs()
          .inNamespace(ns)
          .withName(ControllerJob.NAME)
          .waitUntilCondition(
              job -> job == null || succeeded(job) || failed(job),
              limit.toMillis(),
              TimeUnit.MILLISECONDS);
    } catch (KubernetesClientTimeoutException e) {
      throw new TierStartException(
          ns + ": the driver controller did not end within " + limit + "; see its pod's log");
    }
  }

  /** The newest controller pod's log; a Job with backoffLimit 0 has one unless it was evicted. */
  private String controllerLog(String ns) {
    List<Pod> pods =
        client
            .pods()
            .inNamespace(ns)
            .withLabel("anemometer.dev/tier", ControllerJob.NAME)
            .list()
            .getItems();
    return pods.stream()
        .max(
            Comparator.comparing(
                p -> Objects.requireNonNullElse(p.getMetadata().getCreationTimestamp(), "")))
        .map(p -> client.pods().inNamespace(ns).withName(p.getMetadata().getName()).getLog())
        .orElse(null);
  }

  static boolean succeeded(Job job) {
    return job != null
        && job.getStatus() != null
        && Objects.requireNonNullElse(job.getStatus().getSucceeded(), 0) >= 1;
  }

  static boolean failed(Job job) {
    return job != null
        && job.getStatus() != null
        && Objects.requireNonNullElse(job.getStatus().getFailed(), 0) >= 1;
  }
}
