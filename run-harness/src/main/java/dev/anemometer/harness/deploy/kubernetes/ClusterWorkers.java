package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.config.DriverPods;
import dev.anemometer.harness.deploy.TargetWorkers;
import java.util.ArrayList;
import java.util.List;

/**
 * The driver worker pods of every instance, each reached through a forward of its control port, or
 * by its name in the headless Service when the harness runs in the cluster ({@code
 * driver.pods.reach}): the StatefulSet names its pods {@code driver-worker-0 … n-1}, and one run
 * token opens them all.
 */
final class ClusterWorkers implements TargetWorkers {

  static final String SERVICE = "driver-worker";
  static final String POD_PREFIX = SERVICE + "-";
  static final int CONTROL_PORT = 7000;

  private final List<Worker> workers;
  private final List<ClusterNetwork.PodPort> forwards;
  private final String token;

  private ClusterWorkers(
      List<Worker> workers, List<ClusterNetwork.PodPort> forwards, String token) {
    this.workers = List.copyOf(workers);
    this.forwards = List.copyOf(forwards);
    this.token = token;
  }

  /** Reaches every worker pod; if one forward fails, those opened are closed. */
  static ClusterWorkers open(
      ClusterNetwork network,
      List<InstanceNamespace> instances,
      String token,
      DriverPods.Reach reach) {
    List<Worker> workers = new ArrayList<>();
    List<ClusterNetwork.PodPort> forwards = new ArrayList<>();
    try {
      for (InstanceNamespace instance : instances) {
        for (int i = 0; i < instance.model().driverWorkers(); i++) {
          String pod = POD_PREFIX + i;
          String address;
          if (reach == DriverPods.Reach.CLUSTER) {
            address = network.podAddress(instance.namespace(), SERVICE, pod, CONTROL_PORT);
          } else {
            ClusterNetwork.PodPort forward =
                network.forward(instance.namespace(), pod, CONTROL_PORT);
            forwards.add(forward);
            address = forward.address();
          }
          workers.add(
              new Worker(pod + " in " + instance.namespace() + " (" + address + ")", address));
        }
      }
    } catch (RuntimeException e) {
      forwards.forEach(ClusterNetwork.PodPort::close);
      throw e;
    }
    return new ClusterWorkers(workers, forwards, token);
  }

  @Override
  public List<Worker> workers() {
    return workers;
  }

  @Override
  public String token() {
    return token;
  }

  @Override
  public void close() {
    forwards.forEach(ClusterNetwork.PodPort::close);
  }
}
