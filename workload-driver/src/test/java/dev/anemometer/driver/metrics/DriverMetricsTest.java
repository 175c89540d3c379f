package dev.anemometer.driver.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class DriverMetricsTest {

  @Test
  void countersAccumulateAcrossIntervalsAndQuantilesAreTheLastIntervals() {
    DriverMetrics metrics = new DriverMetrics();

    metrics.onStatus(report(120, 40, 2_000));
    metrics.onUsersChanged("instance-0", 10_000, 150, LoadPhase.QOS);
    metrics.onStatus(report(120, 60, 50_000));

    assertThat(metrics.scrape())
        .contains("anemometer_driver_users{target=\"instance-0\"} 150")
        .contains("anemometer_driver_phase{target=\"instance-0\",phase=\"QOS\"} 1")
        .contains(
            "anemometer_driver_operations_total{target=\"instance-0\",operation=\"PlaceBid\"} 102")
        .contains(
            "anemometer_driver_failures_total{target=\"instance-0\",operation=\"PlaceBid\","
                + "reason=\"status 409\"} 2")
        .contains(
            "anemometer_driver_latency_seconds{target=\"instance-0\",operation=\"PlaceBid\","
                + "quantile=\"0.99\"} 0.0500")
        .contains(
            "anemometer_driver_latency_seconds_count{target=\"instance-0\",operation=\"PlaceBid\"}"
                + " 100")
        .contains("# TYPE anemometer_driver_operations_total counter")
        .contains("anemometer_driver_qos_passing{target=\"instance-0\"} 1");
  }

  @Test
  void labelValuesAreEscaped() {
    assertThat(DriverMetrics.labels("reason", "a \"b\"\\\n"))
        .isEqualTo("reason=\"a \\\"b\\\"\\\\\\n\"");
  }

  @Test
  void servesTheTextFormatOnLoopback() throws Exception {
    DriverMetrics metrics = new DriverMetrics();
    metrics.onStatus(report(10, 5, 1_000));
    try (MetricsServer server = MetricsServer.onLoopback(0, metrics)) {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(server.url()))
                      .timeout(Duration.ofSeconds(30))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(server.address().getAddress().isLoopbackAddress()).isTrue();
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type"))
          .hasValue("text/plain; version=0.0.4; charset=utf-8");
      assertThat(response.body()).contains("anemometer_driver_users{target=\"instance-0\"} 10");
    }
  }

  private static StatusReport report(int users, int bids, long latencyMicros) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(latencyMicros, bids);
    OperationStats placeBid =
        new OperationStats(latency, latency.copy(), Map.of("status 409 on /api/bids", 1L));
    IntervalStats stats =
        new IntervalStats(
            0, 10_000_000_000L, Map.of(OperationType.PLACE_BID, placeBid), DriverHealth.NONE);
    return new StatusReport(
        "instance-0",
        10_000,
        users,
        LoadPhase.QOS,
        0,
        stats,
        new QosVerdict(true, List.of(), List.of()));
  }
}
