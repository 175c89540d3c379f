package dev.anemometer.harness.deploy.local;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in for an app server process in proxy-chain tests only: answers the readiness probe and
 * any other path with its own name, so a test can see which server a request reached.
 */
final class FakeAppServer implements AutoCloseable {

  private final HttpServer server;
  private final String name;
  final AtomicInteger requests = new AtomicInteger();

  FakeAppServer(String name) throws IOException {
    this.name = name;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(Ports.LOOPBACK), 0), 50);
    server.createContext("/", this::handle);
    server.start();
  }

  int port() {
    return server.getAddress().getPort();
  }

  InetSocketAddress address() {
    return Ports.loopback(port());
  }

  private void handle(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath();
    if (!path.startsWith("/actuator/")) {
      requests.incrementAndGet();
    }
    byte[] body =
        (path.startsWith("/actuator/") ? "{\"status\":\"UP\"}" : name + " " + path)
            .getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "text/plain");
    exchange.sendResponseHeaders(200, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
