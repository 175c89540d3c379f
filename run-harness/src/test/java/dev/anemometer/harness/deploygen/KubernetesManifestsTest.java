package dev.anemometer.harness.deploygen;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every manifest under k8s/ parses into typed objects; every overlay builds to the right stack. */
class KubernetesManifestsTest {

  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  @Test
  void everyCommittedManifestParsesIntoTypedObjects() throws Exception {
    Path root = RepoFiles.root();
    List<String> manifests =
        RepoFiles.listed(root, "k8s").stream()
            .filter(p -> !p.endsWith("kustomization.yaml"))
            .toList();
    assertThat(manifests).hasSizeGreaterThan(10);
    for (String path : manifests) {
      List<HasMetadata> objects = parse(Files.readString(root.resolve(path)));
      assertThat(objects).as(path).isNotEmpty();
      assertThat(objects)
          .as(path + ": every document is a known, typed kind")
          .allSatisfy(
              o ->
                  assertThat(o.getClass().getPackageName())
                      .startsWith("io.fabric8.kubernetes.api.model"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"micro", "xsmall", "small"})
  void overlayBuildsWithKustomizeToThePresetsStack(String preset) throws Exception {
    Path root = RepoFiles.root();
    RepoFiles.Result built =
        RepoFiles.run(List.of("kubectl", "kustomize", "k8s/overlays/" + preset), root);
    assertThat(built.exitCode()).as(built.output()).isZero();
    List<HasMetadata> objects = parse(built.output());
    Map<String, HasMetadata> byKindAndName =
        objects.stream()
            .collect(
                Collectors.toMap(
                    o -> o.getKind() + "/" + o.getMetadata().getName(), Function.identity()));

    StackModel model =
        DeployFiles.model(
            preset,
            new dev.anemometer.harness.tuning.TuningCalculator(
                StackModel.REFERENCE_NODE_MEMORY_BYTES));
    List<String> expected =
        new ArrayList<>(
            List.of(
                "ConfigMap/postgres-config",
                "ConfigMap/app-config",
                "ConfigMap/nginx-config",
                "ConfigMap/web-static",
                "StatefulSet/postgres",
                "Service/postgres",
                "Job/data-load",
                "Deployment/app",
                "Service/app",
                "Service/app-pods",
                "Deployment/nginx",
                "Service/nginx",
                "StatefulSet/driver-worker",
                "Service/driver-worker",
                "NetworkPolicy/driver-worker-only-harness"));
    if (model.hasLb()) {
      expected.addAll(List.of("ConfigMap/haproxy-config", "Deployment/haproxy", "Service/haproxy"));
    }
    assertThat(byKindAndName.keySet()).containsExactlyInAnyOrderElementsOf(expected);

    Deployment app = (Deployment) byKindAndName.get("Deployment/app");
    int expectedApp =
        switch (preset) {
          case "micro" -> 1;
          case "xsmall" -> 2;
          default -> 3;
        };
    assertThat(app.getSpec().getReplicas()).isEqualTo(expectedApp);
    Container appContainer = app.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(appContainer.getEnv())
        .anySatisfy(
            e -> {
              assertThat(e.getName()).isEqualTo("JAVA_OPTS");
              assertThat(e.getValue())
                  .contains("-Xmx" + model.tuning().app().heapMegabytes() + "m");
            });
    assertThat(appContainer.getResources().getLimits().get("memory").toString())
        .isEqualTo(model.appMemoryMegabytes() + "Mi");
    assertThat(appContainer.getResources().getLimits().get("cpu").toString())
        .as("the app tier is the deliberate, limited bottleneck")
        .isEqualTo("2");
    assertThat(
            ((StatefulSet) byKindAndName.get("StatefulSet/driver-worker")).getSpec().getReplicas())
        .isEqualTo(preset.equals("small") ? 2 : 1);
    StatefulSet postgres = (StatefulSet) byKindAndName.get("StatefulSet/postgres");
    assertThat(postgres.getSpec().getVolumeClaimTemplates())
        .singleElement()
        .satisfies(
            claim ->
                assertThat(claim.getSpec().getResources().getRequests()).containsKey("storage"));
    Job load = (Job) byKindAndName.get("Job/data-load");
    assertThat(load.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .anySatisfy(
            e ->
                assertThat(e.getName() + "=" + e.getValue())
                    .isEqualTo("MAX_USERS=" + model.maxUsers()));
    NetworkPolicy workersPolicy =
        (NetworkPolicy) byKindAndName.get("NetworkPolicy/driver-worker-only-harness");
    assertThat(workersPolicy.getSpec().getPodSelector().getMatchLabels())
        .containsEntry("anemometer.dev/tier", "driver-worker");
    assertThat(workersPolicy.getSpec().getPolicyTypes()).containsExactly("Ingress");
    assertThat(workersPolicy.getSpec().getIngress())
        .as("only a harness pod, on the control port")
        .singleElement()
        .satisfies(
            rule -> {
              assertThat(rule.getFrom())
                  .singleElement()
                  .satisfies(
                      from ->
                          assertThat(from.getPodSelector().getMatchLabels())
                              .containsExactly(Map.entry("anemometer.dev/tier", "harness")));
              assertThat(rule.getPorts())
                  .singleElement()
                  .satisfies(port -> assertThat(port.getPort().getIntVal()).isEqualTo(7000));
            });
    assertThat(built.output())
        .as("no password or token is committed: the Secret is the user's to create")
        .doesNotContain("kind: Secret")
        .doesNotContain("stringData")
        .doesNotContain("--token");
    ConfigMap nginx = (ConfigMap) byKindAndName.get("ConfigMap/nginx-config");
    assertThat(nginx.getData().get("nginx.conf"))
        .contains(model.hasLb() ? "server haproxy:8080" : "server app:8080")
        .contains("worker_connections " + model.tuning().nginx().workerConnections() + ";");

    for (HasMetadata object : objects) {
      assertThat(object.getMetadata().getLabels())
          .as(object.getKind() + "/" + object.getMetadata().getName())
          .containsEntry("app.kubernetes.io/part-of", "anemometer")
          .containsKeys("anemometer.dev/tier", "anemometer.dev/instance");
      PodSpec pod = podSpec(object);
      if (pod != null) {
        String pods = object.getKind() + "/" + object.getMetadata().getName();
        assertThat(pod.getSecurityContext()).as(pods + " securityContext").isNotNull();
        assertThat(pod.getSecurityContext().getRunAsNonRoot()).as(pods + " non-root").isTrue();
        assertThat(pod.getSecurityContext().getRunAsUser())
            .as(pods + " a user the kubelet can check")
            .isPositive();
        assertThat(pod.getSecurityContext().getSeccompProfile().getType())
            .isEqualTo("RuntimeDefault");
        for (Container container : pod.getContainers()) {
          String what = object.getKind() + "/" + object.getMetadata().getName();
          assertThat(container.getSecurityContext().getAllowPrivilegeEscalation())
              .as(what + " privilege escalation")
              .isFalse();
          assertThat(container.getSecurityContext().getCapabilities().getDrop())
              .as(what + " capabilities")
              .containsExactly("ALL");
          assertThat(container.getResources().getLimits())
              .as(what + " limits")
              .containsKeys("cpu", "memory");
          assertThat(container.getResources().getRequests())
              .as(what + " requests")
              .containsKeys("cpu", "memory");
          if (!(object instanceof Job)) {
            assertThat(container.getReadinessProbe()).as(what + " readiness probe").isNotNull();
            assertThat(container.getLivenessProbe()).as(what + " liveness probe").isNotNull();
          }
        }
      }
    }
  }

  static PodSpec podSpec(HasMetadata object) {
    if (object instanceof Deployment d) {
      return d.getSpec().getTemplate().getSpec();
    }
    if (object instanceof StatefulSet s) {
      return s.getSpec().getTemplate().getSpec();
    }
    if (object instanceof Job j) {
      return j.getSpec().getTemplate().getSpec();
    }
    return null;
  }

  static List<HasMetadata> parse(String yaml) {
    List<HasMetadata> objects = new ArrayList<>();
    for (String doc : yaml.split("(?m)^---\\s*$")) {
      if (doc.lines().allMatch(l -> l.isBlank() || l.startsWith("#"))) {
        continue;
      }
      objects.add(SERIALIZATION.unmarshal(doc, HasMetadata.class));
    }
    return objects;
  }
}
