package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.UnsupportedFaultException;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Faults on one instance's namespace, on the pods of a tier (in name order, so that instance 1 is
 * the second pod): a kill deletes the pod with no grace period (SIGKILL), a restart deletes it with
 * its grace period (SIGTERM, the tier's clean stop). Either way the tier's controller starts a new
 * pod, as the cluster's supervisor would: unlike on a host, a killed app server comes back. The
 * fault's steps end when the tier has all its replicas ready again, so its recovery is on record. A
 * pause needs the container's cgroup, which the API does not reach; it is refused.
 */
final class KubernetesFaults implements FaultTarget {

  /** What a restart gives a pod to stop cleanly, as the app's own shutdown allows. */
  static final long RESTART_GRACE_SECONDS = 30;

  private final KubernetesClient client;
  private final Readiness readiness;
  private final InstanceNamespace instance;
  private final Duration readyTimeout;

  KubernetesFaults(
      KubernetesClient client,
      Readiness readiness,
      InstanceNamespace instance,
      Duration readyTimeout) {
    this.client = client;
    this.readiness = readiness;
    this.instance = instance;
    this.readyTimeout = readyTimeout;
  }

  @Override
  public void kill(TierName tier, int index, ChangeSteps steps) {
    Pod pod = pod(tier, index);
    delete(pod, 0L);
    steps.step("killed", Map.of("pod", name(pod)));
    awaitReplaced(pod, tier, steps);
  }

  @Override
  public void restart(TierName tier, int index, ChangeSteps steps) {
    Pod pod = pod(tier, index);
    steps.step("stopping", Map.of("pod", name(pod)));
    delete(pod, RESTART_GRACE_SECONDS);
    awaitReplaced(pod, tier, steps);
  }

  @Override
  public void pause(TierName tier, int index, Duration duration, ChangeSteps steps) {
    throw new UnsupportedFaultException(
        "pause: the Kubernetes API cannot freeze a container; kill and restart can");
  }

  private void delete(Pod pod, long graceSeconds) {
    client
        .pods()
        .inNamespace(instance.namespace())
        .withName(name(pod))
        .withGracePeriod(graceSeconds)
        .delete();
  }

  /**
   * Waits until the deleted pod is gone (a StatefulSet's successor has its name but not its uid),
   * then until the tier's controller has every replica ready again.
   */
  private void awaitReplaced(Pod deleted, TierName tier, ChangeSteps steps) {
    String uid = deleted.getMetadata().getUid();
    try {
      client
          .pods()
          .inNamespace(instance.namespace())
          .withName(name(deleted))
          .waitUntilCondition(
              pod -> pod == null || !Objects.equals(pod.getMetadata().getUid(), uid),
              readyTimeout.toMillis(),
              TimeUnit.MILLISECONDS);
    } catch (KubernetesClientTimeoutException e) {
      throw new TierStartException(
          instance.namespace() + ": pod " + name(deleted) + " not gone within " + readyTimeout);
    }
    String workload = workload(tier);
    Duration took =
        instance.statefulSets().contains(workload)
            ? readiness.awaitStatefulSet(instance, workload, readyTimeout)
            : readiness.awaitDeployment(instance, workload, readyTimeout);
    steps.step("started", Map.of("workload", workload, "readyAfterMillis", took.toMillis()));
  }

  private Pod pod(TierName tier, int index) {
    List<Pod> pods =
        client
            .pods()
            .inNamespace(instance.namespace())
            .withLabel("anemometer.dev/tier", tier.configName())
            .list()
            .getItems()
            .stream()
            .filter(pod -> pod.getMetadata().getDeletionTimestamp() == null)
            .sorted(Comparator.comparing(KubernetesFaults::name))
            .toList();
    if (index >= pods.size()) {
      throw new TierStartException(
          tier.configName()
              + " instance "
              + index
              + ": "
              + instance.namespace()
              + " has "
              + pods.size()
              + " such pods");
    }
    return pods.get(index);
  }

  private String workload(TierName tier) {
    return switch (tier) {
      case APP -> "app";
      case DB -> "postgres";
      case WEB -> "nginx";
      case LB -> {
        if (!instance.model().hasLb()) {
          throw new UnsupportedFaultException("lb: this instance has no HAProxy");
        }
        yield "haproxy";
      }
    };
  }

  private static String name(Pod pod) {
    return pod.getMetadata().getName();
  }
}
