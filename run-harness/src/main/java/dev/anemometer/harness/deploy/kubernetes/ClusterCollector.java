package dev.anemometer.harness.deploy.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Copies what a run leaves in the cluster into the results: every container's log, the namespace's
 * events (scheduling, probes, OOM kills: often the reason a run was slow) and the objects as they
 * ended up (replicas after elasticity, resolved images).
 */
public final class ClusterCollector {

  private final KubernetesClient client;

  public ClusterCollector(KubernetesClient client) {
    this.client = client;
  }

  /** Writes {@code <logsDir>/<namespace>/…}; a log that cannot be read is noted, not fatal. */
  public void collect(InstanceNamespace instance, Path logsDir) {
    String ns = instance.namespace();
    Path dir = logsDir.resolve(ns);
    for (Pod pod : client.pods().inNamespace(ns).list().getItems()) {
      for (Container container : pod.getSpec().getContainers()) {
        String name = pod.getMetadata().getName() + "-" + container.getName() + ".log";
        write(dir.resolve(name), log(ns, pod.getMetadata().getName(), container.getName()));
      }
    }
    write(dir.resolve("events.txt"), events(ns));
    var serialization = client.getKubernetesSerialization();
    write(
        dir.resolve("deployments.yaml"),
        serialization.asYaml(client.apps().deployments().inNamespace(ns).list()));
    write(
        dir.resolve("statefulsets.yaml"),
        serialization.asYaml(client.apps().statefulSets().inNamespace(ns).list()));
  }

  private String log(String ns, String pod, String container) {
    try {
      return client.pods().inNamespace(ns).withName(pod).inContainer(container).getLog();
    } catch (KubernetesClientException e) {
      return "(log unavailable: " + e.getMessage() + ")\n";
    }
  }

  private String events(String ns) {
    List<Event> events = client.v1().events().inNamespace(ns).list().getItems();
    StringBuilder text = new StringBuilder();
    events.stream()
        .sorted(Comparator.comparing(e -> Objects.requireNonNullElse(e.getLastTimestamp(), "")))
        .forEach(
            e ->
                text.append(Objects.requireNonNullElse(e.getLastTimestamp(), "-"))
                    .append(' ')
                    .append(e.getType())
                    .append(' ')
                    .append(e.getInvolvedObject().getKind())
                    .append('/')
                    .append(e.getInvolvedObject().getName())
                    .append(' ')
                    .append(e.getReason())
                    .append(": ")
                    .append(e.getMessage())
                    .append('\n'));
    return text.toString();
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text == null ? "" : text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
