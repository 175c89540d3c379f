package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.config.TuningSpec;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.support.TestProcesses;
import dev.anemometer.harness.tuning.TierTuning;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real nginx and HAProxy in front of two stand-in app servers, started and stopped cleanly. */
class ProxyChainIT {

  private static final TierTuning.Nginx NGINX =
      new TierTuning.Nginx(1, 256, 16, Duration.ofSeconds(40), 64, Duration.ofMinutes(10));
  private static final TierTuning.Haproxy HAPROXY =
      new TierTuning.Haproxy(
          TuningSpec.Balance.LEASTCONN,
          1000,
          0,
          Duration.ofSeconds(5),
          Duration.ofSeconds(55),
          Duration.ofSeconds(40),
          Duration.ofMillis(500));

  private final HttpClient http = HttpClient.newHttpClient();

  @TempDir Path dir;

  @org.junit.jupiter.api.BeforeEach
  void letNginxWorkersIn() throws Exception {
    // As root nginx workers run as nobody, who must reach the static files: real runs keep them
    // in a world-readable folder; JUnit's temporary folder is private.
    java.nio.file.Files.setPosixFilePermissions(
        dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void requestsFlowThroughNginxAndHaproxyToBothAppServersAndNothingIsLeftAfterStop()
      throws Exception {
    Path nginx = Executables.find("nginx").orElse(null);
    Path haproxy = Executables.find("haproxy").orElse(null);
    assumeThat(nginx).as("nginx installed").isNotNull();
    assumeThat(haproxy).as("haproxy installed").isNotNull();
    try (FakeAppServer app0 = new FakeAppServer("app0");
        FakeAppServer app1 = new FakeAppServer("app1");
        ProcessGroup group = new ProcessGroup()) {
      int lbPort = Ports.freeLoopbackPort();
      ManagedProcess lb =
          HaproxyServer.start(
              haproxy,
              HAPROXY,
              "haproxy-0",
              lbPort,
              List.of(app0.address(), app1.address()),
              dir.resolve("work/haproxy-0"),
              dir.resolve("tuning/haproxy-0.cfg"),
              dir.resolve("logs/haproxy-0.log"),
              CorePlacement.shared());
      group.add(lb, HaproxyServer.STOP_GRACE);
      int webPort = Ports.freeLoopbackPort();
      ManagedProcess web =
          NginxServer.launch(
                  nginx,
                  NGINX,
                  "nginx-0",
                  webPort,
                  List.of(Ports.loopback(lbPort)),
                  dir.resolve("work/nginx-0"),
                  dir.resolve("tuning/nginx-0.conf"),
                  dir.resolve("logs/nginx-0.log"),
                  CorePlacement.shared())
              .process();
      group.add(web, NginxServer.STOP_GRACE);

      HaproxyRuntimeApi api =
          new HaproxyRuntimeApi(HaproxyServer.statsSocket(dir.resolve("work/haproxy-0")));
      awaitUp(api, "app0");
      awaitUp(api, "app1");

      assertThat(get(webPort, "/").body()).contains("Anemometer Auction");
      for (int i = 0; i < 20; i++) {
        HttpResponse<String> response = get(webPort, "/api/auctions/live");
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).matches("app[01] /api/auctions/live");
      }
      assertThat(app0.requests.get()).isPositive();
      assertThat(app1.requests.get()).isPositive();

      List<ProcessHandle> tree =
          group.processes().stream()
              .flatMap(
                  p ->
                      java.util.stream.Stream.concat(
                          java.util.stream.Stream.of(p.handle()), p.handle().descendants()))
              .toList();
      assertThat(tree).hasSizeGreaterThan(2); // nginx workers are children of the master

      group.stopAll();

      assertThat(tree).noneMatch(ProcessHandle::isAlive);
      assertThat(Ports.accepting(webPort)).isFalse();
      assertThat(Ports.accepting(lbPort)).isFalse();
    }
  }

  @Test
  void aFailedStartStopsWhatWasAlreadyStarted() throws Exception {
    Path nginx = Executables.find("nginx").orElse(null);
    Path haproxy = Executables.find("haproxy").orElse(null);
    assumeThat(nginx).as("nginx installed").isNotNull();
    assumeThat(haproxy).as("haproxy installed").isNotNull();
    try (FakeAppServer app0 = new FakeAppServer("app0")) {
      ProcessGroup group = new ProcessGroup();
      int lbPort = Ports.freeLoopbackPort();
      ManagedProcess lb =
          HaproxyServer.start(
              haproxy,
              HAPROXY,
              "haproxy-0",
              lbPort,
              List.of(app0.address()),
              dir.resolve("work/haproxy-0"),
              dir.resolve("tuning/haproxy-0.cfg"),
              dir.resolve("logs/haproxy-0.log"),
              CorePlacement.shared());
      group.add(lb, HaproxyServer.STOP_GRACE);
      // nginx refuses an upstream block without servers: the start fails midway.
      int webPort = Ports.freeLoopbackPort();
      Throwable failure =
          catchThrowable(
              () ->
                  NginxServer.launch(
                      nginx,
                      NGINX,
                      "nginx-0",
                      webPort,
                      List.of(),
                      dir.resolve("work/nginx-0"),
                      dir.resolve("tuning/nginx-0.conf"),
                      dir.resolve("logs/nginx-0.log"),
                      CorePlacement.shared()));
      assertThat(failure)
          .isInstanceOf(TierStartException.class)
          .hasMessageContaining("nginx-0 exited");
      group.close();
      assertThat(lb.isAlive()).isFalse();
      assertThat(Ports.accepting(lbPort)).isFalse();
      assertThat(TestProcesses.leftovers()).isEmpty();
    }
  }

  @Test
  void nginxBalancingDirectlyAddsAServerByReloadAndDrainsOneUntilItsOldWorkersAreGone()
      throws Exception {
    Path nginx = Executables.find("nginx").orElse(null);
    assumeThat(nginx).as("nginx installed").isNotNull();
    try (FakeAppServer app0 = new FakeAppServer("app0");
        FakeAppServer app1 = new FakeAppServer("app1");
        ProcessGroup group = new ProcessGroup()) {
      int webPort = Ports.freeLoopbackPort();
      NginxServer.Running web =
          NginxServer.launch(
              nginx,
              NGINX,
              "nginx-0",
              webPort,
              List.of(app0.address()),
              dir.resolve("work/nginx-0"),
              dir.resolve("tuning/nginx-0.conf"),
              dir.resolve("logs/nginx-0.log"),
              CorePlacement.shared());
      group.add(web.process(), NginxServer.STOP_GRACE);
      NginxBalancer balancer = new NginxBalancer(() -> List.of(web), List.of(app0.address()));

      balancer.admit(1, app1.port());
      for (int i = 0; i < 20; i++) {
        assertThat(get(webPort, "/api/auctions/live").statusCode()).isEqualTo(200);
      }
      assertThat(app1.requests.get()).as("requests to the added server").isPositive();
      assertThat(java.nio.file.Files.readString(dir.resolve("tuning/nginx-0.conf")))
          .contains(":" + app1.port());

      balancer.drain(0);
      await("old nginx workers gone")
          .atMost(Duration.ofSeconds(20))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> balancer.inFlight(0) == 0);
      int app0Before = app0.requests.get();
      for (int i = 0; i < 10; i++) {
        assertThat(get(webPort, "/api/auctions/live").body()).isEqualTo("app1 /api/auctions/live");
      }
      assertThat(app0.requests.get()).as("no request to the drained server").isEqualTo(app0Before);
    }
  }

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static void awaitUp(HaproxyRuntimeApi api, String server) {
    await(server + " UP in HAProxy")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> api.serverStatus(server).equals("UP"));
  }
}
