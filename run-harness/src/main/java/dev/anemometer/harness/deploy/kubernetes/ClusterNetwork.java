package dev.anemometer.harness.deploy.kubernetes;

import java.net.URI;

/**
 * How this host and the pods reach each other: this host reaches a pod's port through a forward on
 * its own loopback, or, running in a pod itself, by the pod's name in its headless Service; pods
 * reach a Service by its cluster DNS name. {@link ApiServerNetwork} is the cluster's own; a test
 * plays the pods with processes on loopback.
 */
public interface ClusterNetwork {

  /** A pod's port on a loopback port of this host, open until closed. */
  PodPort forward(String namespace, String pod, int port);

  /** {@code host:port} of a pod of a headless Service as other pods reach it, by its DNS name. */
  String podAddress(String namespace, String service, String pod, int port);

  /** The URL pods reach a Service's port by. */
  URI serviceUrl(String namespace, String service, int port);

  /** An open forward. */
  interface PodPort extends AutoCloseable {

    /** {@code host:port} on this host. */
    String address();

    @Override
    void close();
  }
}
