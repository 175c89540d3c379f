package dev.anemometer.harness.deploy.kubernetes;

import dev.anemometer.harness.deploy.local.WorkerProcesses;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Plays the kubelet and the workload controllers against the mock API server, through watches:
 * every Deployment and StatefulSet gets its pods and turns ready with its replicas, a deleted pod
 * is replaced (under a new name for a Deployment, the same name and a new uid for a StatefulSet),
 * the data-load Job succeeds, and the driver's worker pods are real worker JVMs on loopback,
 * started with the token of their namespace's Secret and the targets of their pod spec, as a
 * cluster would start them. {@link #network} reaches them, and enters every instance at {@code
 * entry}.
 */
final class ClusterKubelet implements AutoCloseable {

  /** The cores each tier's pod uses, as the metrics API reports them. */
  static final Map<String, String> CORES =
      Map.of("app", "1500m", "db", "250m", "lb", "100m", "web", "100m", "driver-worker", "500m");

  private final KubernetesClient client;
  private final Path logsDir;

  /** When each pod's usage was last sampled, by namespace/name. */
  private final Map<String, Instant> sampledAt = new ConcurrentHashMap<>();

  private final ScheduledExecutorService metricsServer =
      Executors.newSingleThreadScheduledExecutor();
  private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
  private final Map<String, WorkerProcesses> workers = new ConcurrentHashMap<>();
  private final List<String> deletedPods = new CopyOnWriteArrayList<>();
  private final java.util.concurrent.atomic.AtomicInteger forwards =
      new java.util.concurrent.atomic.AtomicInteger();

  ClusterKubelet(KubernetesClient client, Path logsDir) {
    this.client = client;
    this.logsDir = logsDir;
    informers.add(
        client.apps().deployments().inAnyNamespace().inform(handler(this::deploymentChanged)));
    informers.add(
        client.apps().statefulSets().inAnyNamespace().inform(handler(this::statefulSetChanged)));
    informers.add(client.batch().v1().jobs().inAnyNamespace().inform(handler(this::jobChanged)));
    informers.add(
        client
            .pods()
            .inAnyNamespace()
            .inform(
                new ResourceEventHandler<>() {
                  @Override
                  public void onAdd(Pod pod) {}

                  @Override
                  public void onUpdate(Pod before, Pod after) {}

                  @Override
                  public void onDelete(Pod pod, boolean unknownFinalState) {
                    podDeleted(pod);
                  }
                }));
    metricsServer.scheduleAtFixedRate(this::publishMetrics, 0, 2, TimeUnit.SECONDS);
  }

  /**
   * Each pod's usage over the time since its previous sample, as metrics-server reports it: a
   * reading's window reaches back to the one before, so a reader that sees every reading covers all
   * the time between them, however late this loop runs.
   */
  private void publishMetrics() {
    try {
      Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
      for (Pod pod : client.pods().inAnyNamespace().list().getItems()) {
        String cores = CORES.get(pod.getMetadata().getLabels().get("anemometer.dev/tier"));
        if (cores == null) {
          continue;
        }
        String key = ns(pod) + "/" + pod.getMetadata().getName();
        Instant previous = sampledAt.getOrDefault(key, now.minusSeconds(1));
        if (!now.isAfter(previous)) {
          continue;
        }
        sampledAt.put(key, now);
        client
            .resource(
                new PodMetricsBuilder()
                    .withNewMetadata()
                    .withName(pod.getMetadata().getName())
                    .withNamespace(ns(pod))
                    .endMetadata()
                    .withTimestamp(now.toString())
                    .withWindow(
                        new io.fabric8.kubernetes.api.model.Duration(
                            java.time.Duration.between(previous, now)))
                    .addNewContainer()
                    .withName("main")
                    .addToUsage("cpu", new Quantity(cores))
                    .endContainer()
                    .build())
            .inNamespace(ns(pod))
            .createOr(NonDeletingOperation::update);
      }
    } catch (RuntimeException e) {
      // a namespace deleted under the loop; the next second publishes again
    }
  }

  /** Worker pods as the harness reaches them, every Service entering at {@code entry}. */
  ClusterNetwork network(URI entry) {
    return new ClusterNetwork() {
      @Override
      public PodPort forward(String namespace, String pod, int port) {
        WorkerProcesses started = workers.get(namespace);
        int index = Integer.parseInt(pod.substring(ClusterWorkers.POD_PREFIX.length()));
        String address = started.workers().get(index).address();
        forwards.incrementAndGet();
        return new PodPort() {
          @Override
          public String address() {
            return address;
          }

          @Override
          public void close() {}
        };
      }

      @Override
      public String podAddress(String namespace, String service, String pod, int port) {
        String address = forward(namespace, pod, port).address();
        forwards.decrementAndGet();
        return address;
      }

      @Override
      public URI serviceUrl(String namespace, String service, int port) {
        return entry;
      }
    };
  }

  /** How many port-forwards the harness opened. */
  int forwards() {
    return forwards.get();
  }

  /** The pods deleted so far, by name: what faults did. */
  List<String> deletedPods() {
    return List.copyOf(deletedPods);
  }

  private void deploymentChanged(Deployment d) {
    int replicas = Objects.requireNonNullElse(d.getSpec().getReplicas(), 1);
    List<Pod> pods = pods(d);
    for (int i = pods.size(); i < replicas; i++) {
      createPod(d, d.getSpec().getTemplate(), d.getMetadata().getName() + "-" + suffix());
    }
    for (int i = replicas; i < pods.size(); i++) {
      client.pods().inNamespace(ns(d)).resource(pods.get(i)).delete();
    }
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
  }

  private synchronized void statefulSetChanged(StatefulSet s) {
    int replicas = Objects.requireNonNullElse(s.getSpec().getReplicas(), 1);
    String name = s.getMetadata().getName();
    for (int i = 0; i < replicas; i++) {
      if (client.pods().inNamespace(ns(s)).withName(name + "-" + i).get() == null) {
        createPod(s, s.getSpec().getTemplate(), name + "-" + i);
      }
    }
    if (name.equals("driver-worker") && !workers.containsKey(ns(s))) {
      workers.put(ns(s), startWorkers(ns(s), replicas, s.getSpec().getTemplate()));
    }
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
    if (job.getMetadata().getName().equals("data-load")
        && (job.getStatus() == null || job.getStatus().getSucceeded() == null)) {
      job.setStatus(new JobStatusBuilder().withSucceeded(1).build());
      client.batch().v1().jobs().inNamespace(ns(job)).resource(job).updateStatus();
    }
  }

  /** Its controller replaces a deleted pod, as a Deployment's or a StatefulSet's does. */
  private void podDeleted(Pod pod) {
    deletedPods.add(pod.getMetadata().getName());
    String ns = ns(pod);
    String owner = pod.getMetadata().getAnnotations().get("test/owner");
    if (owner == null || client.namespaces().withName(ns).get() == null) {
      return;
    }
    Deployment deployment = client.apps().deployments().inNamespace(ns).withName(owner).get();
    if (deployment != null) {
      deploymentChanged(deployment);
      return;
    }
    StatefulSet statefulSet = client.apps().statefulSets().inNamespace(ns).withName(owner).get();
    if (statefulSet != null) {
      statefulSetChanged(statefulSet);
    }
  }

  private WorkerProcesses startWorkers(String ns, int replicas, PodTemplateSpec template) {
    Secret secret = client.secrets().inNamespace(ns).withName("anemometer-secrets").get();
    String token =
        secret.getStringData() != null
            ? secret.getStringData().get("driver-token")
            : new String(
                Base64.getDecoder().decode(secret.getData().get("driver-token")),
                StandardCharsets.UTF_8);
    Container worker = template.getSpec().getContainers().get(0);
    List<String> args = worker.getArgs();
    String targets = args.get(args.indexOf("--allow-target") + 1);
    return WorkerProcesses.start(replicas, token, Set.of(targets.split(",")), logsDir.resolve(ns));
  }

  private void createPod(HasMetadata owner, PodTemplateSpec template, String name) {
    client
        .pods()
        .inNamespace(ns(owner))
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withUid(UUID.randomUUID().toString())
                .withLabels(template.getMetadata().getLabels())
                .addToAnnotations("test/owner", owner.getMetadata().getName())
                .endMetadata()
                .withSpec(template.getSpec())
                .build())
        .create();
  }

  private List<Pod> pods(Deployment d) {
    return client
        .pods()
        .inNamespace(ns(d))
        .withLabels(d.getSpec().getSelector().getMatchLabels())
        .list()
        .getItems();
  }

  private static String suffix() {
    return UUID.randomUUID().toString().substring(0, 5);
  }

  private static String ns(HasMetadata resource) {
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

  /** Stops the watches and every worker JVM. */
  @Override
  public void close() {
    metricsServer.shutdownNow();
    informers.forEach(SharedIndexInformer::close);
    workers.values().forEach(WorkerProcesses::close);
  }
}
