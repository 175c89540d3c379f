package dev.anemometer.driver.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RawHttpLoopTest {

  private final ExecutorService serverThreads = Executors.newFixedThreadPool(4);
  private HttpServer server;

  @AfterEach
  void stopServer() {
    server.stop(0);
    serverThreads.shutdownNow();
  }

  @Test
  void sendsBackToBackOverTheGivenNumberOfKeptAliveConnections() throws Exception {
    Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(serverThreads);
    server.createContext(
        "/",
        exchange -> {
          clientPorts.add(exchange.getRemoteAddress().getPort());
          byte[] page = "<html>bench</html>".getBytes(StandardCharsets.US_ASCII);
          exchange.sendResponseHeaders(200, page.length);
          exchange.getResponseBody().write(page);
          exchange.close();
        });
    server.start();
    URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/index.html");

    RawLoopResult result =
        new RawHttpLoop(url, 3, Duration.ZERO).run(Duration.ofMillis(200), Duration.ofMillis(500));

    assertThat(result.requests()).isPositive();
    assertThat(result.failures()).isZero();
    assertThat(result.processCpuNanos()).isPositive();
    assertThat(result.loopCpuMicrosPerRequest()).isPositive();
    assertThat(clientPorts).hasSize(3);
  }
}
