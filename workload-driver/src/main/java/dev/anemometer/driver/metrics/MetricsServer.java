package dev.anemometer.driver.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /metrics} for Prometheus, on the JDK's HTTP server: a scrape every few seconds needs
 * no framework. Loopback unless told otherwise, since the figures describe the system under test.
 */
public final class MetricsServer implements AutoCloseable {

  private final HttpServer server;

  private MetricsServer(HttpServer server) {
    this.server = server;
  }

  /** Serves on the loopback interface; port 0 picks a free port. */
  public static MetricsServer onLoopback(int port, DriverMetrics metrics) {
    return start(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), metrics);
  }

  public static MetricsServer start(InetSocketAddress address, DriverMetrics metrics) {
    try {
      HttpServer server = HttpServer.create(address, 0);
      server.createContext("/metrics", exchange -> serve(exchange, metrics));
      server.start();
      return new MetricsServer(server);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serve metrics on " + address, e);
    }
  }

  private static void serve(HttpExchange exchange, DriverMetrics metrics) throws IOException {
    try (exchange) {
      if (!"GET".equals(exchange.getRequestMethod())) {
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      byte[] body = metrics.scrape().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", DriverMetrics.CONTENT_TYPE);
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  public InetSocketAddress address() {
    return server.getAddress();
  }

  /** The URL Prometheus scrapes. */
  public String url() {
    return "http://" + address().getHostString() + ":" + address().getPort() + "/metrics";
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
