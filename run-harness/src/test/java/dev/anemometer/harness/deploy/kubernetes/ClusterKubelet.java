package dev.anemometer.harness.deploy.kubernetes;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Plays the kubelet and the workload controllers against the mock API server, through watches:
 * every Deployment and StatefulSet turns ready with its replicas, the data-load Job succeeds, and a
 * resumed driver controller gets a pod whose log ends with the summary the test gave for that
 * namespace; its Job ends (succeeded or failed, as the summary says) once the app Deployment has
 * the replicas the test expects there, so that a scheduled scale-up happens during the load.
 */
final class ClusterKubelet implements AutoCloseable {

  /**
   * The controller's log for an instance (by namespace suffix) and the app replicas to wait for.
   *
   * @param resultFiles the result files the controller prints before its summary, by name
   */
  record Driver(
      String summaryJson, boolean passes, int finalAppReplicas, Map<String, String> resultFiles) {}

  private final KubernetesClient client;
  private final KubernetesMockServer server;
  private final Map<String, Driver> drivers;
  private final Map<String, List<String>> controllerArgs = new ConcurrentHashMap<>();
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();

  ClusterKubelet(
      KubernetesClient client, KubernetesMockServer server, Map<String, Driver> drivers) {
    this.client = client;
    this.server = server;
    this.drivers = drivers;
    informers.add(
        client.apps().deployments().inAnyNamespace().inform(handler(this::deploymentChanged)));
    informers.add(
        client.apps().statefulSets().inAnyNamespace().inform(handler(this::statefulSetChanged)));
    informers.add(client.batch().v1().jobs().inAnyNamespace().inform(handler(this::jobChanged)));
  }

  /** The controller command line each namespace's Job was created with: command, then args. */
  Map<String, List<String>> controllerCommands() {
    return Map.copyOf(controllerArgs);
  }

  private void deploymentChanged(Deployment d) {
    int replicas = Objects.requireNonNullElse(d.getSpec().getReplicas(), 1);
    if (d.getStatus() == null
        || !Integer.valueOf(replicas).equals(d.getStatus().getReadyReplicas())) {
      d.setStatus(
          new DeploymentStatusBuilder()
              .withReplicas(replicas)
              .withReadyReplicas(replicas)
              .withAvailableReplicas(replicas)
              .build());
      client.apps().deployments().inNamespace(ns(d)).resource(d).updateStatus();
    }
    if (d.getMetadata().getName().equals("app")) {
      maybeEndDriver(ns(d), replicas);
    }
  }

  private void statefulSetChanged(StatefulSet s) {
    int replicas = Objects.requireNonNullElse(s.getSpec().getReplicas(), 1);
    if (s.getStatus() == null
        || !Integer.valueOf(replicas).equals(s.getStatus().getReadyReplicas())) {
      s.setStatus(
          new StatefulSetStatusBuilder()
              .withReplicas(replicas)
              .withReadyReplicas(replicas)
              .build());
      client.apps().statefulSets().inNamespace(ns(s)).resource(s).updateStatus();
    }
  }

  private void jobChanged(Job job) {
    String ns = ns(job);
    if (job.getMetadata().getName().equals("data-load") && !ClusterLoad.succeeded(job)) {
      job.setStatus(new JobStatusBuilder().withSucceeded(1).build());
      client.batch().v1().jobs().inNamespace(ns).resource(job).updateStatus();
    }
    if (job.getMetadata().getName().equals(ControllerJob.NAME)) {
      var container = job.getSpec().getTemplate().getSpec().getContainers().get(0);
      List<String> command = new ArrayList<>(container.getCommand());
      command.addAll(container.getArgs());
      controllerArgs.put(ns, command);
      if (Boolean.FALSE.equals(job.getSpec().getSuspend())) {
        startControllerPod(ns);
        var app = client.apps().deployments().inNamespace(ns).withName("app").get();
        maybeEndDriver(ns, app.getSpec().getReplicas());
      }
    }
  }

  private synchronized void startControllerPod(String ns) {
    String pod = "driver-controller-x1";
    if (client.pods().inNamespace(ns).withName(pod).get() != null) {
      return;
    }
    Driver driver = driver(ns);
    server
        .expect()
        .get()
        .withPath("/api/v1/namespaces/" + ns + "/pods/" + pod + "/log?pretty=false")
        .andReturn(
            200,
            "12:00:00 instance-0 users 100 ok\n"
                + filesBlock(driver.resultFiles())
                + ControllerJob.SUMMARY_MARKER
                + "\n"
                + driver.summaryJson()
                + "\n")
        .always();
    client
        .pods()
        .inNamespace(ns)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(pod)
                .addToLabels("anemometer.dev/tier", ControllerJob.NAME)
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("controller")
                .withImage("anemometer/workload-driver:0.1.0")
                .endContainer()
                .endSpec()
                .build())
        .create();
  }

  private synchronized void maybeEndDriver(String ns, int appReplicas) {
    Job job = client.batch().v1().jobs().inNamespace(ns).withName(ControllerJob.NAME).get();
    if (job == null
        || !Boolean.FALSE.equals(job.getSpec().getSuspend())
        || ClusterLoad.succeeded(job)
        || ClusterLoad.failed(job)
        || appReplicas != driver(ns).finalAppReplicas()) {
      return;
    }
    job.setStatus(
        driver(ns).passes()
            ? new JobStatusBuilder().withSucceeded(1).build()
            : new JobStatusBuilder().withFailed(1).build());
    client.batch().v1().jobs().inNamespace(ns).resource(job).updateStatus();
  }

  private Driver driver(String ns) {
    return drivers.get(ns.substring(ns.lastIndexOf('-')));
  }

  private static String ns(io.fabric8.kubernetes.api.model.HasMetadata resource) {
    return resource.getMetadata().getNamespace();
  }

  private static <T> ResourceEventHandler<T> handler(Consumer<T> changed) {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(T resource) {
        changed.accept(resource);
      }

      @Override
      public void onUpdate(T before, T after) {
        changed.accept(after);
      }

      @Override
      public void onDelete(T resource, boolean unknownFinalState) {}
    };
  }

  @Override
  public void close() {
    informers.forEach(SharedIndexInformer::close);
  }

  private static String filesBlock(Map<String, String> files) {
    try {
      return ControllerFilesTest.filesBlock(files);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
