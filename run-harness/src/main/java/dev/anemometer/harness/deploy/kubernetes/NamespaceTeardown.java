package dev.anemometer.harness.deploy.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Deletes namespaces (and with them everything a run created) and waits until they are gone. */
public final class NamespaceTeardown {

  private static final Logger log = LoggerFactory.getLogger(NamespaceTeardown.class);

  /** Volumes and terminating pods can take a while on a real cluster. */
  static final Duration DELETE_TIMEOUT = Duration.ofMinutes(5);

  private final KubernetesClient client;

  public NamespaceTeardown(KubernetesClient client) {
    this.client = client;
  }

  public void deleteNamespaces(List<String> namespaces) {
    for (String namespace : namespaces) {
      client.namespaces().withName(namespace).delete();
    }
    for (String namespace : namespaces) {
      try {
        client
            .namespaces()
            .withName(namespace)
            .waitUntilCondition(Objects::isNull, DELETE_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      } catch (KubernetesClientTimeoutException e) {
        log.warn(
            "namespace {} still terminating after {}; check it with kubectl",
            namespace,
            DELETE_TIMEOUT);
      }
    }
  }

  /**
   * Namespaces runs of {@code owner} left behind (a crash, {@code --keep}), found by the run and
   * owner labels: another user's runs on the same cluster are not among them.
   */
  public List<String> leftovers(String owner) {
    return client
        .namespaces()
        .withLabel(KubernetesDeployment.RUN_LABEL)
        .withLabel(KubernetesDeployment.OWNER_LABEL, owner)
        .list()
        .getItems()
        .stream()
        .map(ns -> ns.getMetadata().getName())
        .toList();
  }
}
