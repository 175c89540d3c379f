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
        .contains("anemometer_driver_users{target=\"instance-0\"} 150.0")
        .contains("anemometer_driver_phase{phase=\"QOS\",target=\"instance-0\"} 1.0")
        .contains(
            "anemometer_driver_operations_total{operation=\"PlaceBid\",target=\"instance-0\"}"
                + " 102.0")
        .contains(
            "anemometer_driver_failures_total{operation=\"PlaceBid\",reason=\"status 409\","
                + "target=\"instance-0\"} 2.0")
        .contains(
            "anemometer_driver_latency_seconds{operation=\"PlaceBid\",target=\"instance-0\","
                + "quantile=\"0.99\"} 0.05")
        .contains(
            "anemometer_driver_latency_seconds_count{operation=\"PlaceBid\",target=\"instance-0\"}"
                + " 100")
        .contains("# TYPE anemometer_driver_operations_total counter")
        .contains("# TYPE anemometer_driver_latency_seconds summary")
        .contains("anemometer_driver_qos_passing{target=\"instance-0\"} 1.0")
        .contains("anemometer_driver_valid{target=\"instance-0\"} 1.0");
  }

  @Test
  void onlyTheCurrentPhaseIsOne() {
    DriverMetrics metrics = new DriverMetrics();

    metrics.onUsersChanged("instance-0", 0, 10, LoadPhase.RAMP_UP);
    metrics.onUsersChanged("instance-0", 10_000, 20, LoadPhase.QOS);

    assertThat(metrics.scrape())
        .contains("anemometer_driver_phase{phase=\"RAMP_UP\",target=\"instance-0\"} 0.0")
        .contains("anemometer_driver_phase{phase=\"QOS\",target=\"instance-0\"} 1.0");
  }

  @Test
  void failureReasonsLoseTheirPathAndAreEscaped() {
    DriverMetrics metrics = new DriverMetrics();

    metrics.onStatus(report(10, 5, 1_000, "body \"x\" unreadable on /api/items/17"));

    assertThat(metrics.scrape()).contains("reason=\"body \\\"x\\\" unreadable\"");
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
      assertThat(response.body()).contains("anemometer_driver_users{target=\"instance-0\"} 10.0");
    }
  }

  private static StatusReport report(int users, int bids, long latencyMicros) {
    return report(users, bids, latencyMicros, "status 409 on /api/bids");
  }

  private static StatusReport report(int users, int bids, long latencyMicros, String failure) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(latencyMicros, bids);
    OperationStats placeBid = new OperationStats(latency, latency.copy(), Map.of(failure, 1L));
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
