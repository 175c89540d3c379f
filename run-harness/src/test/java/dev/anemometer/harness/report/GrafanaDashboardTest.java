package dev.anemometer.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The Grafana dashboard shipped for Compose and Kubernetes: one content, every tier covered. */
class GrafanaDashboardTest {

  private static final Path COMPOSE = Path.of("..", "docker", "grafana", "anemometer.json");
  private static final Path KUBERNETES = Path.of("..", "k8s", "grafana", "anemometer.json");

  @Test
  void composeAndKubernetesShipTheSameDashboard() throws Exception {
    assertThat(Files.readString(KUBERNETES)).isEqualTo(Files.readString(COMPOSE));
  }

  @Test
  void everyPanelQueriesPrometheusAndTheTiersAreAllThere() throws Exception {
    JsonNode dashboard = Json.pretty().readTree(Files.readString(COMPOSE));
    List<String> expressions = new ArrayList<>();
    for (JsonNode panel : dashboard.path("panels")) {
      if ("row".equals(panel.path("type").asString())) {
        continue;
      }
      assertThat(panel.path("targets").size()).as(panel.path("title").asString()).isPositive();
      panel.path("targets").forEach(target -> expressions.add(target.path("expr").asString()));
    }

    assertThat(String.join("\n", expressions))
        .contains(
            "anemometer_driver_users",
            "anemometer_driver_operations_total",
            "anemometer_driver_latency_seconds{quantile=\"0.99\"}",
            "http_server_requests_seconds",
            "anemometer_bids_total",
            "anemometer_longpolls_parked",
            "hikaricp_connections_active",
            "jvm_memory_used_bytes",
            "pg_stat_database_xact_commit");
    assertThat(dashboard.path("uid").asString()).isEqualTo("anemometer");
  }
}
