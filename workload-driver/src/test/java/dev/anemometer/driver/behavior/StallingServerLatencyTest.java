package dev.anemometer.driver.behavior;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.stats.HdrOperationRecorder;
import dev.anemometer.driver.stats.OperationStats;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Coordinated omission, end to end: the real client, a real paced user and the real recorder
 * against a server that stalls for 1 s every 4 s.
 *
 * <p>One user with one connection loads the home page every 20 ms. During a stall exactly one
 * request is on the wire: it alone sees a long wire time, one in about 200 operations, under the 1
 * % that p99 can see. The ~50 operations that fell due during the stall could not even be sent (the
 * user was waiting, as a browser would); afterwards they run back to back, each with a short wire
 * time but a latency counted from when it was due, up to 1 s. About a fifth of all operations are
 * such late ones, so the reported p99 must show the stall while the wire-time p99 must not. A
 * driver that measured from the moment it sent (as wrk did before wrk2) would report the wire p99
 * as its latency and hide the stall.
 */
class StallingServerLatencyTest {

  private static final long STALL_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(4);
  private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final int STALLS = 4;

  @TempDir Path directory;

  @Test
  void reportedLatencyShowsTheStallWhileWireTimeDoesNot() throws Exception {
    StallingServer server = StallingServer.start();
    HdrOperationRecorder recorder = new HdrOperationRecorder(TimeSource.SYSTEM);
    try (NettyHttpClient client = new NettyHttpClient();
        SimulatedUsers users =
            SimulatedUsers.start(
                new UsersConfig(server.uri(), homePageLoop(), 1, 1, 1, 3L),
                client,
                recorder,
                TimeSource.SYSTEM)) {
      users.setActiveUsers(1);

      assertThat(server.stallsOver.await(STALLS * 4 + 60, TimeUnit.SECONDS)).isTrue();
    } finally {
      server.stop();
    }

    OperationStats homePage = recorder.takeInterval().operation(OperationType.HOME_PAGE);
    assertThat(homePage.failureCount()).isZero();
    assertThat(homePage.total()).as("operations").isGreaterThan(400);
    long latencyP99Micros = homePage.latencyMicros().getValueAtPercentile(99);
    long wireP99Micros = homePage.wireMicros().getValueAtPercentile(99);
    assertThat(latencyP99Micros).as("latency p99 µs").isGreaterThanOrEqualTo(500_000);
    assertThat(wireP99Micros).as("wire-time p99 µs").isLessThan(250_000);
  }

  /** A behaviour of one operation, the home page, due every 20 ms exactly. */
  private String homePageLoop() throws IOException {
    Path file = directory.resolve("home-page-loop.yaml");
    Files.writeString(
        file,
        """
        name: home-page-loop
        start: HomePage
        pageSize: 5
        cycleTime: { meanSeconds: 0.02, sdSeconds: 0, minSeconds: 0.02, maxSeconds: 0.02 }
        followers: { maxAuctions: 0 }
        bidding:
          { raiseMean: 0.02, raiseSd: 0.02, raiseMin: 0.005, raiseMax: 0.06, maxPrice: 1000 }
        states:
          HomePage:
            next: [ { to: HomePage } ]
        """);
    return file.toString();
  }

  /** Answers at once, except in the last second of every 4 s, when it holds every answer. */
  private static final class StallingServer {

    final CountDownLatch stallsOver = new CountDownLatch(STALLS);
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final long startNanos = System.nanoTime();
    private long lastStallReleased = -1;

    private StallingServer(HttpServer server) {
      this.server = server;
    }

    static StallingServer start() throws IOException {
      // Without it the JDK server's separate header and body writes meet Nagle and delayed ACKs:
      // 40 ms per answer, too few operations for a p99 that can tell one stalled request apart.
      System.setProperty("sun.net.httpserver.nodelay", "true");
      HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      StallingServer stalling = new StallingServer(http);
      http.createContext("/", stalling::answer);
      http.setExecutor(stalling.threads);
      http.start();
      return stalling;
    }

    URI uri() {
      return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    private void answer(HttpExchange exchange) throws IOException {
      long sinceStart = System.nanoTime() - startNanos;
      long period = sinceStart / STALL_PERIOD_NANOS;
      long intoPeriod = sinceStart % STALL_PERIOD_NANOS;
      if (intoPeriod >= STALL_PERIOD_NANOS - STALL_NANOS) {
        // The stall itself is what this server simulates: hold the answer to the period's end.
        long holdNanos = STALL_PERIOD_NANOS - intoPeriod;
        try {
          TimeUnit.NANOSECONDS.sleep(holdNanos);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        released(period);
      }
      byte[] body = "<html><body>home</body></html>".getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "text/html");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }

    private synchronized void released(long period) {
      if (period != lastStallReleased) {
        lastStallReleased = period;
        stallsOver.countDown();
      }
    }

    void stop() {
      server.stop(0);
      threads.shutdownNow();
    }
  }
}
