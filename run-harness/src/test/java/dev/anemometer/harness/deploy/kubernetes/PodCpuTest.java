package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.deploy.TargetCpu;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsBuilder;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsListBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** CPU per tier pod from the metrics API, on the mock API server. */
@EnableKubernetesMockClient(crud = true)
class PodCpuTest {

  static final String NS = "anemometer-run-0";
  static final String PATH = "/apis/metrics.k8s.io/v1beta1/namespaces/" + NS + "/pods";

  KubernetesMockServer server;
  KubernetesClient client;

  @Test
  void eachNewReadingAddsItsUsageOverTheTimeSinceThePreviousAtMostItsWindow() {
    pod("app-7f9c", "app");
    pod("postgres-0", "db");
    pod("driver-worker-0", "driver-worker");
    pod("data-load-x2", "data-load");
    serve("2026-12-05T10:00:15Z", "1500m", "250m");
    serve("2026-12-05T10:00:30Z", "1", "500m");
    serve("2026-12-05T10:00:30Z", "9", "9");
    serve("2026-12-05T10:01:30Z", "2", "0");
    PodCpu cpu = new PodCpu(client, List.of(instance()));

    Map<String, Long> first = byPod(cpu.read());
    Map<String, Long> second = byPod(cpu.read());
    Map<String, Long> again = byPod(cpu.read());
    Map<String, Long> afterAGap = byPod(cpu.read());

    assertThat(first)
        .as("a first reading counts its whole window (15 s)")
        .containsEntry("app/app-7f9c", 22_500_000_000L)
        .containsEntry("db/postgres-0", 3_750_000_000L)
        .containsEntry("driver/driver-worker-0", 0L)
        .doesNotContainKey("data-load/data-load-x2");
    assertThat(second)
        .containsEntry("app/app-7f9c", 37_500_000_000L)
        .containsEntry("db/postgres-0", 11_250_000_000L);
    assertThat(again).as("the same timestamp read twice adds nothing").isEqualTo(second);
    assertThat(afterAGap)
        .as("a reading after a gap counts its window, not the gap")
        .containsEntry("app/app-7f9c", 67_500_000_000L)
        .containsEntry("db/postgres-0", 11_250_000_000L);
  }

  @Test
  void aClusterWithoutTheMetricsApiSaysSoInOneLine() {
    server.expect().get().withPath(PATH).andReturn(404, "").always();
    PodCpu cpu = new PodCpu(client, List.of(instance()));

    assertThatThrownBy(cpu::read)
        .isInstanceOf(TargetCpu.Unavailable.class)
        .hasMessage(
            "the cluster serves no metrics API (metrics.k8s.io answered HTTP 404);"
                + " metrics-server provides it");
  }

  private static InstanceNamespace instance() {
    return new InstanceNamespace(0, NS, null, List.of(), URI.create("http://nginx:8080"));
  }

  private void pod(String name, String tier) {
    client
        .pods()
        .inNamespace(NS)
        .resource(
            new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .addToLabels("anemometer.dev/tier", tier)
                .endMetadata()
                .build())
        .create();
  }

  /** One reading of the app's and the database's pods, 15 s windows; the worker idle. */
  private void serve(String timestamp, String appCpu, String dbCpu) {
    server
        .expect()
        .get()
        .withPath(PATH)
        .andReturn(
            200,
            new PodMetricsListBuilder()
                .addToItems(
                    metrics("app-7f9c", timestamp, appCpu),
                    metrics("postgres-0", timestamp, dbCpu),
                    metrics("driver-worker-0", timestamp, "0"),
                    metrics("data-load-x2", timestamp, "1"))
                .build())
        .once();
  }

  private static io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetrics metrics(
      String pod, String timestamp, String cpu) {
    return new PodMetricsBuilder()
        .withNewMetadata()
        .withName(pod)
        .withNamespace(NS)
        .endMetadata()
        .withTimestamp(timestamp)
        .withWindow(new io.fabric8.kubernetes.api.model.Duration(java.time.Duration.ofSeconds(15)))
        .addNewContainer()
        .withName("main")
        .addToUsage("cpu", new Quantity(cpu))
        .endContainer()
        .build();
  }

  private static Map<String, Long> byPod(List<TargetCpu.Use> uses) {
    return uses.stream()
        .collect(
            Collectors.toMap(
                use -> use.process().tier() + "/" + use.process().name(), TargetCpu.Use::cpuNanos));
  }
}
