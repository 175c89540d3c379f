package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploy.TierStartException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.LocalPortForward;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;

/**
 * The cluster's own ways in: a port-forward through the API server (what {@code kubectl
 * port-forward} does) bound to this host's loopback only, on a port the system picks, and pods and
 * Services by their DNS names ({@code <pod>.<service>.<namespace>.svc}, {@code
 * <service>.<namespace>.svc}).
 */
final class ApiServerNetwork implements ClusterNetwork {

  private final KubernetesClient client;

  ApiServerNetwork(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public PodPort forward(String namespace, String pod, int port) {
    LocalPortForward forward;
    try {
      forward =
          client
              .pods()
              .inNamespace(namespace)
              .withName(pod)
              .portForward(port, InetAddress.getLoopbackAddress(), 0);
    } catch (KubernetesClientException e) {
      throw new TierStartException(
          namespace + ": cannot forward a port to pod " + pod + ": " + e.getMessage());
    }
    String address = forward.getLocalAddress().getHostAddress() + ":" + forward.getLocalPort();
    return new PodPort() {
      @Override
      public String address() {
        return address;
      }

      @Override
      public void close() {
        try {
          forward.close();
        } catch (IOException e) {
          // the forward's socket is gone either way
        }
      }
    };
  }

  @Override
  public String podAddress(String namespace, String service, String pod, int port) {
    return pod + "." + service + "." + namespace + ".svc:" + port;
  }

  @Override
  public URI serviceUrl(String namespace, String service, int port) {
    return URI.create("http://" + service + "." + namespace + ".svc:" + port);
  }
}
