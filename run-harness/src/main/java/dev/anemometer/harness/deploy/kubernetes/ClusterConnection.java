package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.ConfigException;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens a client the way kubectl would: a kubeconfig file (or the usual lookup) and a context. */
public final class ClusterConnection {

  private ClusterConnection() {}

  /**
   * @param kubeconfig the {@code --kubeconfig} option, or null for $KUBECONFIG / ~/.kube/config /
   *     the in-cluster service account
   * @param context the {@code --context} option, or null for the kubeconfig's current context
   */
  public static KubernetesClient connect(Path kubeconfig, String context) {
    Config config;
    if (kubeconfig != null) {
      if (!Files.isReadable(kubeconfig)) {
        throw new ConfigException("--kubeconfig: cannot read " + kubeconfig);
      }
      config = Config.fromKubeconfig(context, kubeconfig.toFile());
    } else {
      config = Config.autoConfigure(context);
    }
    return new KubernetesClientBuilder().withConfig(config).build();
  }
}
