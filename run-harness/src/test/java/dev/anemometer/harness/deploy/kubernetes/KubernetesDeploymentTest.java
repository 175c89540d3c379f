package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kubernetes target against the fabric8 mock API server in CRUD mode. Nothing runs pods there,
 * so the test plays the cluster's controllers: it writes the status a ready workload would have.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesDeploymentTest {

  static final Duration TIMEOUT = Duration.ofSeconds(30);

  KubernetesMockServer server;
  KubernetesClient client;

  @TempDir Path results;

  @Test
  void twoInstanceRunIsDeployedScaledCollectedAndTornDownWithoutLeftovers() throws Exception {
    AnemometerConfig config =
        new ConfigLoader()
            .load(
                null,
                "xsmall",
                List.of(
                    "target=kubernetes",
                    "appInstances[1].maxUsers=3000",
                    "appInstances[1].users=200",
                    "appInstances[1].tiers.lb.impl=none",
                    "appInstances[1].tiers.app.instances=1"));
    KubernetesDeployment deployment =
        new KubernetesDeployment(
            client, new ApiServerNetwork(client), "20261122-0300 Two Stacks", "alice.build-7");
    List<InstanceNamespace> instances =
        deployment.deploy(config, new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES));

    assertThat(instances)
        .extracting(InstanceNamespace::namespace)
        .containsExactly(
            "anemometer-20261122-0300-two-stacks-0", "anemometer-20261122-0300-two-stacks-1");
    assertThat(client.namespaces().withLabel(KubernetesDeployment.RUN_LABEL).list().getItems())
        .hasSize(2);
    String first = instances.get(0).namespace();
    String second = instances.get(1).namespace();
    assertThat(names(client.apps().deployments().inNamespace(first).list().getItems()))
        .containsExactlyInAnyOrder("app", "haproxy", "nginx");
    assertThat(names(client.apps().deployments().inNamespace(second).list().getItems()))
        .containsExactlyInAnyOrder("app", "nginx");
    assertThat(
            client
                .apps()
                .deployments()
                .inNamespace(first)
                .withName("app")
                .get()
                .getSpec()
                .getReplicas())
        .isEqualTo(2);
    assertThat(names(client.apps().statefulSets().inNamespace(first).list().getItems()))
        .containsExactlyInAnyOrder("postgres", "driver-worker");
    assertThat(client.services().inNamespace(first).list().getItems())
        .extracting(s -> s.getMetadata().getName())
        .containsExactlyInAnyOrder(
            "postgres", "app", "app-pods", "haproxy", "nginx", "driver-worker");
    assertThat(client.configMaps().inNamespace(first).list().getItems())
        .extracting(c -> c.getMetadata().getName())
        .contains("postgres-config", "app-config", "haproxy-config", "nginx-config", "web-static");
    assertThat(
            client
                .configMaps()
                .inNamespace(second)
                .withName("nginx-config")
                .get()
                .getData()
                .get("nginx.conf"))
        .as("without a load balancer nginx forwards to the app Service")
        .contains("server app:8080");
    assertThat(client.secrets().inNamespace(first).withName("anemometer-secrets").get())
        .as("a run never uses the development secret")
        .satisfies(
            s ->
                assertThat(String.valueOf(s.getStringData()) + s.getData())
                    .doesNotContain("anemometer,"));
    Secret firstSecret = client.secrets().inNamespace(first).withName("anemometer-secrets").get();
    Secret secondSecret = client.secrets().inNamespace(second).withName("anemometer-secrets").get();
    assertThat(firstSecret.getStringData().get("driver-token"))
        .as("one token opens every worker of the run")
        .isEqualTo(deployment.driverToken())
        .isEqualTo(secondSecret.getStringData().get("driver-token"));
    assertThat(firstSecret.getStringData().get("db-password"))
        .as("each database its own password")
        .isNotEqualTo(secondSecret.getStringData().get("db-password"));
    Container worker =
        client
            .apps()
            .statefulSets()
            .inNamespace(second)
            .withName("driver-worker")
            .get()
            .getSpec()
            .getTemplate()
            .getSpec()
            .getContainers()
            .get(0);
    assertThat(worker.getArgs())
        .as("the workers may load every instance's entry, by the name the harness gives them")
        .containsSequence("--allow-target", "nginx." + first + ".svc,nginx." + second + ".svc")
        .doesNotContain("--token");
    assertThat(instances.get(1).entryUrl()).hasToString("http://nginx." + second + ".svc:8080");
    assertThat(client.network().v1().networkPolicies().inNamespace(first).list().getItems())
        .extracting(policy -> policy.getMetadata().getName())
        .containsExactly("driver-worker-only-harness");
    assertThat(client.batch().v1().jobs().inNamespace(first).list().getItems())
        .extracting(job -> job.getMetadata().getName())
        .as("the harness drives the workers itself: no controller Job")
        .containsExactly("data-load");

    Readiness readiness = new Readiness(client);
    for (InstanceNamespace instance : instances) {
      markReady(instance.namespace());
      assertThat(readiness.await(instance, TIMEOUT)).isLessThan(TIMEOUT);
    }
    deployment.scale(0, "app", 3);
    Deployment scaled = client.apps().deployments().inNamespace(first).withName("app").get();
    assertThat(scaled.getSpec().getReplicas()).isEqualTo(3);
    assertThat(Readiness.ready(scaled)).as("new replicas are not ready yet").isFalse();
    setDeploymentReady(first, "app");
    assertThat(readiness.awaitDeployment(instances.get(0), "app", TIMEOUT)).isLessThan(TIMEOUT);

    client
        .pods()
        .inNamespace(first)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName("app-0")
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("app")
                .withImage("anemometer/auction-app:0.1.0")
                .endContainer()
                .endSpec()
                .build())
        .create();
    client
        .v1()
        .events()
        .inNamespace(first)
        .resource(
            new EventBuilder()
                .withNewMetadata()
                .withName("app-0.1")
                .endMetadata()
                .withType("Warning")
                .withReason("BackOff")
                .withMessage("probe failed")
                .withNewInvolvedObject()
                .withKind("Pod")
                .withName("app-0")
                .endInvolvedObject()
                .build())
        .create();
    ClusterCollector collector = new ClusterCollector(client);
    for (InstanceNamespace instance : instances) {
      collector.collect(instance, results);
    }
    assertThat(results.resolve(first).resolve("app-0-app.log")).exists();
    assertThat(Files.readString(results.resolve(first).resolve("events.txt")))
        .contains("Pod/app-0 BackOff: probe failed");
    assertThat(Files.readString(results.resolve(first).resolve("deployments.yaml")))
        .contains("replicas: 3");

    NamespaceTeardown teardown = new NamespaceTeardown(client);
    assertThat(teardown.leftovers("alice.build-7")).containsExactlyInAnyOrder(first, second);
    assertThat(teardown.leftovers("bob.build-8")).as("another user's runs are not his").isEmpty();
    deployment.close();
    assertThat(client.namespaces().list().getItems())
        .extracting(Namespace::getMetadata)
        .noneMatch(m -> m.getName().startsWith("anemometer-"));
    assertThat(teardown.leftovers("alice.build-7")).isEmpty();
  }

  @Test
  void anOwnerIsALabelValueWhateverTheUserAndHostAreCalled() {
    assertThat(NamespaceOwner.labelValue("Alice Smith.build-7.example.com"))
        .isEqualTo("alice-smith.build-7.example.com");
    assertThat(NamespaceOwner.labelValue("_root@-" + "x".repeat(80))).hasSize(63);
    assertThat(NamespaceOwner.labelValue("@@@")).isEqualTo("unknown");
    assertThat(NamespaceOwner.current()).matches("[a-z0-9]([a-z0-9._-]{0,61}[a-z0-9])?");
  }

  private void markReady(String ns) {
    for (String name : names(client.apps().deployments().inNamespace(ns).list().getItems())) {
      setDeploymentReady(ns, name);
    }
    for (StatefulSet set : client.apps().statefulSets().inNamespace(ns).list().getItems()) {
      set.setStatus(
          new io.fabric8.kubernetes.api.model.apps.StatefulSetStatusBuilder()
              .withReplicas(set.getSpec().getReplicas())
              .withReadyReplicas(set.getSpec().getReplicas())
              .build());
      client.apps().statefulSets().inNamespace(ns).resource(set).updateStatus();
    }
    Job load = client.batch().v1().jobs().inNamespace(ns).withName("data-load").get();
    load.setStatus(
        new io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder().withSucceeded(1).build());
    client.batch().v1().jobs().inNamespace(ns).resource(load).updateStatus();
  }

  private void setDeploymentReady(String ns, String name) {
    Deployment d = client.apps().deployments().inNamespace(ns).withName(name).get();
    int replicas = d.getSpec().getReplicas();
    d.setStatus(
        new io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder()
            .withReplicas(replicas)
            .withReadyReplicas(replicas)
            .withAvailableReplicas(replicas)
            .build());
    client.apps().deployments().inNamespace(ns).resource(d).updateStatus();
  }

  private static List<String> names(
      List<? extends io.fabric8.kubernetes.api.model.HasMetadata> items) {
    return items.stream().map(i -> i.getMetadata().getName()).toList();
  }
}
