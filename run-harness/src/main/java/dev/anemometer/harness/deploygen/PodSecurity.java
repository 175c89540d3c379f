package dev.anemometer.harness.deploygen;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodSpecBuilder;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;

/**
 * Kubernetes' "restricted" Pod Security Standard on every pod: a non-root user given by number (so
 * that the kubelet can check it without reading the image), no privilege escalation, every
 * capability dropped, the runtime's default seccomp profile. No tier needs more: every port is
 * above 1024 and no process changes user.
 */
final class PodSecurity {

  /** The user of Anemometer's own images (the app, the data loader, the driver). */
  static final long ANEMOMETER_USER = 10001;

  /** The users the upstream images run their servers as. */
  static final long POSTGRES_USER = 999;

  static final long NGINX_USER = 101;
  static final long HAPROXY_USER = 99;

  private PodSecurity() {}

  /** {@code pod} with every container restricted, run as {@code user} and its group. */
  static PodSpec restricted(PodSpec pod, long user) {
    return restricted(pod, user, false);
  }

  /**
   * @param ownsVolumes the pod's volumes are made the user's group's (a database's data), so that a
   *     volume a cluster provisions as root is writable
   */
  static PodSpec restricted(PodSpec pod, long user, boolean ownsVolumes) {
    return new PodSpecBuilder(pod)
        .withNewSecurityContext()
        .withRunAsNonRoot(true)
        .withRunAsUser(user)
        .withRunAsGroup(user)
        .withFsGroup(ownsVolumes ? user : null)
        .withNewSeccompProfile()
        .withType("RuntimeDefault")
        .endSeccompProfile()
        .endSecurityContext()
        .withContainers(pod.getContainers().stream().map(PodSecurity::restricted).toList())
        .build();
  }

  private static Container restricted(Container container) {
    return new ContainerBuilder(container)
        .withSecurityContext(
            new SecurityContextBuilder()
                .withAllowPrivilegeEscalation(false)
                .withNewCapabilities()
                .withDrop("ALL")
                .endCapabilities()
                .build())
        .build();
  }
}
