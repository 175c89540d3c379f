package dev.anemometer.harness.drive;

import dev.anemometer.driver.metrics.DriverMetrics;
import dev.anemometer.driver.metrics.MetricsServer;
import java.io.UncheckedIOException;

/**
 * Where the in-process driver serves its Prometheus metrics: the well-known port 9464 (which the
 * Compose and Kubernetes Prometheus configs scrape) when free, else any free loopback port.
 */
final class DriverMetricsPort {

  static final int DEFAULT_PORT = 9464;

  private DriverMetricsPort() {}

  static MetricsServer serve(DriverMetrics metrics) {
    try {
      return MetricsServer.onLoopback(DEFAULT_PORT, metrics);
    } catch (UncheckedIOException portTaken) {
      return MetricsServer.onLoopback(0, metrics);
    }
  }
}
