package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploy.TierStartException;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Waits, through watches rather than sleeps, until an instance serves: PostgreSQL and the driver
 * workers ready, the data loaded, every Deployment with all its replicas ready.
 */
public final class Readiness {

  private final KubernetesClient client;

  public Readiness(KubernetesClient client) {
    this.client = client;
  }

  /** Returns how long it took; a tier that is not ready within {@code timeout} is an error. */
  public Duration await(InstanceNamespace instance, Duration timeout) {
    long startNanos = System.nanoTime();
    String ns = instance.namespace();
    for (String name : instance.statefulSets()) {
      waitForStatefulSet(ns, name, timeout, startNanos);
    }
    wait(
        ns,
        "Job data-load",
        timeout,
        startNanos,
        remaining ->
            client
                .batch()
                .v1()
                .jobs()
                .inNamespace(ns)
                .withName("data-load")
                .waitUntilCondition(Readiness::succeeded, remaining, TimeUnit.MILLISECONDS));
    for (String name : instance.deployments()) {
      waitForDeployment(ns, name, timeout, startNanos);
    }
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  /** Waits only for one Deployment: what a scale-up or scale-down waits for. */
  public Duration awaitDeployment(InstanceNamespace instance, String name, Duration timeout) {
    long startNanos = System.nanoTime();
    waitForDeployment(instance.namespace(), name, timeout, startNanos);
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  /** Waits only for one StatefulSet: what a database fault waits for. */
  public Duration awaitStatefulSet(InstanceNamespace instance, String name, Duration timeout) {
    long startNanos = System.nanoTime();
    waitForStatefulSet(instance.namespace(), name, timeout, startNanos);
    return Duration.ofNanos(System.nanoTime() - startNanos);
  }

  private void waitForStatefulSet(String ns, String name, Duration timeout, long startNanos) {
    wait(
        ns,
        "StatefulSet " + name,
        timeout,
        startNanos,
        remaining ->
            client
                .apps()
                .statefulSets()
                .inNamespace(ns)
                .withName(name)
                .waitUntilCondition(Readiness::ready, remaining, TimeUnit.MILLISECONDS));
  }

  private void waitForDeployment(String ns, String name, Duration timeout, long startNanos) {
    wait(
        ns,
        "Deployment " + name,
        timeout,
        startNanos,
        remaining ->
            client
                .apps()
                .deployments()
                .inNamespace(ns)
                .withName(name)
                .waitUntilCondition(Readiness::ready, remaining, TimeUnit.MILLISECONDS));
  }

  static boolean ready(Deployment d) {
    if (d == null || d.getStatus() == null) {
      return false;
    }
    int wanted = Objects.requireNonNullElse(d.getSpec().getReplicas(), 1);
    return Objects.requireNonNullElse(d.getStatus().getReadyReplicas(), 0) == wanted
        && Objects.requireNonNullElse(d.getStatus().getReplicas(), 0) == wanted;
  }

  static boolean ready(StatefulSet s) {
    if (s == null || s.getStatus() == null) {
      return false;
    }
    int wanted = Objects.requireNonNullElse(s.getSpec().getReplicas(), 1);
    return Objects.requireNonNullElse(s.getStatus().getReadyReplicas(), 0) >= wanted;
  }

  static boolean succeeded(Job job) {
    return job != null
        && job.getStatus() != null
        && Objects.requireNonNullElse(job.getStatus().getSucceeded(), 0) >= 1;
  }

  private interface Wait {
    void run(long remainingMillis);
  }

  private static void wait(String ns, String what, Duration timeout, long startNanos, Wait wait) {
    long remaining =
        timeout.toMillis() - Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
    try {
      wait.run(Math.max(1, remaining));
    } catch (KubernetesClientTimeoutException e) {
      throw new TierStartException(
          ns
              + ": "
              + what
              + " not ready within "
              + timeout
              + "; see kubectl -n "
              + ns
              + " get events");
    }
  }
}
