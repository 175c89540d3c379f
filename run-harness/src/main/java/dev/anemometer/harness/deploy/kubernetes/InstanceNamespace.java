package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploygen.StackModel;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.net.URI;
import java.util.List;

/**
 * One app instance in its own namespace, with the objects applied there.
 *
 * @param resources in the order they were applied
 * @param entryUrl where users enter, as pods reach it
 */
public record InstanceNamespace(
    int appInstanceIndex,
    String namespace,
    StackModel model,
    List<HasMetadata> resources,
    URI entryUrl) {

  public InstanceNamespace {
    resources = List.copyOf(resources);
  }

  /** The Deployments that make up the serving tiers (what readiness and elasticity act on). */
  public List<String> deployments() {
    return resources.stream()
        .filter(r -> r.getKind().equals("Deployment"))
        .map(r -> r.getMetadata().getName())
        .toList();
  }

  public List<String> statefulSets() {
    return resources.stream()
        .filter(r -> r.getKind().equals("StatefulSet"))
        .map(r -> r.getMetadata().getName())
        .toList();
  }
}
