package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TierProcess;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.ContainerMetrics;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetrics;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU per tier pod from the cluster's metrics API ({@code metrics.k8s.io}, served by metrics-server
 * and its kin). The API gives each pod's mean usage over a window (typically 15 s) ending at a
 * timestamp; every new reading adds usage × the time since the previous one (at most its window),
 * so a pod's count grows like a process's CPU time, a window's worth behind it. A judged window's
 * CPU is thus as exact as the API's windows are short against it.
 */
final class PodCpu implements TargetCpu {

  /** Workers are the driver's, wherever they run: named so beside the tiers. */
  private static final Map<String, String> TIERS =
      Map.of("db", "db", "app", "app", "lb", "lb", "web", "web", "driver-worker", "driver");

  private final KubernetesClient client;
  private final List<InstanceNamespace> instances;
  private final Map<String, Instant> readAt = new HashMap<>();
  private final Map<String, Long> usedNanos = new HashMap<>();

  PodCpu(KubernetesClient client, List<InstanceNamespace> instances) {
    this.client = client;
    this.instances = List.copyOf(instances);
  }

  @Override
  public synchronized List<Use> read() {
    List<Use> uses = new ArrayList<>();
    for (InstanceNamespace instance : instances) {
      Map<String, String> tierOfPod = tiers(instance.namespace());
      for (PodMetrics pod : metrics(instance.namespace())) {
        String name = pod.getMetadata().getName();
        String tier = tierOfPod.get(name);
        if (tier == null) {
          continue;
        }
        String key = instance.namespace() + "/" + name;
        add(key, pod);
        uses.add(
            new Use(
                new TierProcess(tier, instance.appInstanceIndex(), name, 0),
                usedNanos.getOrDefault(key, 0L)));
      }
    }
    return uses;
  }

  private void add(String key, PodMetrics pod) {
    Instant at;
    try {
      at = Instant.parse(pod.getTimestamp());
    } catch (DateTimeParseException | NullPointerException e) {
      return;
    }
    Instant previous = readAt.get(key);
    if (previous != null && !at.isAfter(previous)) {
      return;
    }
    Duration window = pod.getWindow() == null ? Duration.ZERO : pod.getWindow().getDuration();
    Duration covered =
        previous == null || Duration.between(previous, at).compareTo(window) > 0
            ? window
            : Duration.between(previous, at);
    BigDecimal cores = BigDecimal.ZERO;
    for (ContainerMetrics container :
        pod.getContainers() == null ? List.<ContainerMetrics>of() : pod.getContainers()) {
      Quantity cpu = container.getUsage() == null ? null : container.getUsage().get("cpu");
      if (cpu != null) {
        cores = cores.add(cpu.getNumericalAmount());
      }
    }
    long nanos = cores.multiply(BigDecimal.valueOf(covered.toNanos())).longValue();
    usedNanos.merge(key, nanos, Long::sum);
    readAt.put(key, at);
  }

  private List<PodMetrics> metrics(String namespace) {
    try {
      return client.top().pods().metrics(namespace).getItems();
    } catch (KubernetesClientException e) {
      throw new Unavailable(
          "the cluster serves no metrics API (metrics.k8s.io answered "
              + (e.getCode() > 0 ? "HTTP " + e.getCode() : e.getMessage())
              + "); metrics-server provides it");
    }
  }

  private Map<String, String> tiers(String namespace) {
    Map<String, String> tiers = new HashMap<>();
    List<Pod> pods;
    try {
      pods = client.pods().inNamespace(namespace).list().getItems();
    } catch (KubernetesClientException e) {
      throw new Unavailable("the pods of " + namespace + " could not be listed: " + e.getMessage());
    }
    for (Pod pod : pods) {
      Map<String, String> labels = pod.getMetadata().getLabels();
      String tier = labels == null ? null : TIERS.get(labels.get("anemometer.dev/tier"));
      if (tier != null) {
        tiers.put(pod.getMetadata().getName(), tier);
      }
    }
    return tiers;
  }
}
