package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;

/** {@code deploy} / {@code teardown} on a cluster: what the CLI calls for target kubernetes. */
public final class KubernetesTarget {

  private KubernetesTarget() {}

  /**
   * Deploys every app instance, waits until they serve, leaves them running; returns entry URLs.
   */
  public static List<String> deploy(
      AnemometerConfig config, ClusterOptions options, TuningCalculator tuning, Console console) {
    try (KubernetesClient client = ClusterConnection.connect(options.kubeconfig, options.context)) {
      String runName = config.name() + "-" + Long.toString(System.currentTimeMillis() / 1000, 36);
      KubernetesDeployment deployment = new KubernetesDeployment(client, runName);
      Readiness readiness = new Readiness(client);
      List<String> urls = new ArrayList<>();
      for (InstanceNamespace instance : deployment.deploy(config, tuning)) {
        console.phase("kubernetes: waiting for namespace " + instance.namespace());
        readiness.await(instance, options.readyTimeout);
        urls.add(instance.entryUrl().toString());
      }
      return urls;
    }
  }

  /**
   * Deletes every namespace a deploy or run of this user on this host created on this cluster, and
   * no other.
   */
  public static List<String> teardown(ClusterOptions options) {
    try (KubernetesClient client = ClusterConnection.connect(options.kubeconfig, options.context)) {
      NamespaceTeardown teardown = new NamespaceTeardown(client);
      List<String> namespaces = teardown.leftovers(NamespaceOwner.current());
      teardown.deleteNamespaces(namespaces);
      return namespaces;
    }
  }
}
