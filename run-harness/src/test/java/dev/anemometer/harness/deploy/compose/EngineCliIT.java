package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.compose.ServiceContainers.Container;
import dev.anemometer.harness.deploygen.RepoFiles;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the compose target asks of a real engine, through its CLI: a service's containers with their
 * first process and address, a container's death within moments, and the same over tcp and over tcp
 * with TLS where the engine can listen there (podman). One labelled container plays a Compose
 * service.
 */
class EngineCliIT {

  static final String PROJECT = "anemometer-engine-cli-it";
  static final String IMAGE = "debian:bookworm-slim";
  static final Duration TIMEOUT = Duration.ofMinutes(1);

  final EngineCli engine = DockerCli.fromEnvironment();
  String id;

  @BeforeEach
  void aContainerOfAService() throws IOException {
    Engines.assumeAnEngine("EngineCliIT");
    removeContainers();
    id =
        engine
            .run(
                TIMEOUT,
                "run",
                "--detach",
                "--label",
                ContainerWatch.PROJECT_LABEL + "=" + PROJECT,
                "--label",
                ContainerWatch.SERVICE_LABEL + "=app",
                "--label",
                ContainerWatch.NUMBER_LABEL + "=1",
                IMAGE,
                "sleep",
                "300")
            .strip();
  }

  @AfterEach
  void removeLeftovers() throws IOException {
    if (id != null) { // else skipped: there may be no engine to ask
      removeContainers();
    }
  }

  private void removeContainers() throws IOException {
    String ids =
        engine.run(
            TIMEOUT,
            "ps",
            "--all",
            "--quiet",
            "--filter",
            "label=com.docker.compose.project=" + PROJECT);
    for (String leftover : ids.lines().filter(l -> !l.isBlank()).toList()) {
      engine.run(TIMEOUT, "rm", "--force", leftover);
    }
  }

  @Test
  void aServiceContainerIsListedWithItsProcessAndAddress() {
    List<Container> app = new ServiceContainers(engine, PROJECT, "app").list();

    assertThat(app).hasSize(1);
    Container container = app.get(0);
    assertThat(container.id()).isEqualTo(id);
    assertThat(container.service()).isEqualTo("app");
    assertThat(container.number()).isEqualTo(1);
    assertThat(container.running()).isTrue();
    assertThat(container.pid()).isPositive();
    assertThat(container.address()).isNotEmpty();
    assertThat(new ServiceContainers(engine, PROJECT, "postgres").list()).isEmpty();
    assertThat(ServiceContainers.ofProject(engine, PROJECT).list()).containsExactly(container);
  }

  @Test
  void aContainerKilledFromOutsideIsReportedWithItsExitCode() throws Exception {
    List<TierExit> exits = new CopyOnWriteArrayList<>();
    List<String> notices = new CopyOnWriteArrayList<>();
    try (ContainerWatch watch =
        ContainerWatch.start(
            engine, Set.of(PROJECT), new PlannedEnds(), exits::add, notices::add)) {
      engine.run(TIMEOUT, "kill", id);

      await().atMost(Duration.ofSeconds(30)).until(() -> !exits.isEmpty());
    }
    assertThat(exits).hasSize(1);
    assertThat(exits.get(0).exitCode()).isEqualTo(137);
    assertThat(exits.get(0).describe()).contains("service app, container " + id.substring(0, 12));
    assertThat(notices).isEmpty();
  }

  /**
   * {@code DOCKER_HOST=tcp://…} reaches the engine through the CLI as a socket does: podman serves
   * its API on a loopback port for the test.
   */
  @Test
  void overTcpTheSameContainerIsSeen() throws Exception {
    try (TcpEngine tcp = TcpEngine.serve("overTcpTheSameContainerIsSeen")) {
      EngineCli overTcp = DockerCli.with(plainTcp(tcp.host()));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> overTcp.ping(Duration.ofSeconds(5)).isEmpty());

      assertThat(overTcp.host()).isEqualTo(tcp.host());
      assertThat(new ServiceContainers(overTcp, PROJECT, "app").list())
          .extracting(Container::id)
          .containsExactly(id);
    }
  }

  /**
   * {@code DOCKER_HOST=tcp://…} with {@code DOCKER_TLS_VERIFY} and {@code DOCKER_CERT_PATH}, as
   * Docker's TLS port is reached: the CLI checks the engine's certificate against the CA and shows
   * its own. A TLS proxy (socat) in front of podman's tcp port plays that port, with certificates
   * openssl makes for the test; a client that trusts the CA but has no certificate is refused.
   */
  @Test
  void overTlsTheSameContainerIsSeen(@TempDir Path certs) throws Exception {
    Engines.skipIf(
        !RepoFiles.onPath("openssl") || !RepoFiles.onPath("socat"),
        "overTlsTheSameContainerIsSeen",
        () -> "openssl and socat make the TLS port (apt-get install openssl socat)");
    TestCertificates.write(certs);
    try (TcpEngine tcp = TcpEngine.serve("overTlsTheSameContainerIsSeen");
        TlsProxy tls = TlsProxy.start(certs, tcp.port())) {
      Map<String, String> verified = new HashMap<>();
      verified.put("DOCKER_HOST", tls.host());
      verified.put("DOCKER_TLS_VERIFY", "1");
      verified.put("DOCKER_CERT_PATH", certs.toString());
      EngineCli overTls = DockerCli.with(verified);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> overTls.ping(Duration.ofSeconds(5)).isEmpty());

      assertThat(new ServiceContainers(overTls, PROJECT, "app").list())
          .extracting(Container::id)
          .containsExactly(id);
      Path caOnly = Files.createDirectories(certs.resolve("ca-only"));
      Files.copy(certs.resolve("ca.pem"), caOnly.resolve("ca.pem"));
      Map<String, String> withoutCertificate = new HashMap<>(verified);
      withoutCertificate.put("DOCKER_CERT_PATH", caOnly.toString());
      assertThat(DockerCli.with(withoutCertificate).ping(Duration.ofSeconds(10)))
          .as("the TLS port to a client without its certificate")
          .isPresent();
    }
  }

  /** An engine over plain tcp, whatever TLS settings this process's environment has. */
  private static Map<String, String> plainTcp(String host) {
    return Map.of("DOCKER_HOST", host, "DOCKER_TLS_VERIFY", "", "DOCKER_CERT_PATH", "");
  }

  /**
   * podman serving its API on a free loopback port for the test; idle for 5 minutes it ends on its
   * own, so a test JVM that dies leaves no service behind for long.
   */
  private record TcpEngine(Process service, int port) implements AutoCloseable {

    static TcpEngine serve(String test) throws IOException {
      int port = freePort();
      try {
        Process service =
            new ProcessBuilder(
                    "podman", "system", "service", "--time=300", "tcp://127.0.0.1:" + port)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return new TcpEngine(service, port);
      } catch (IOException e) {
        Engines.skipIf(true, test, () -> "podman is not here to serve tcp");
        throw e;
      }
    }

    String host() {
      return "tcp://127.0.0.1:" + port;
    }

    @Override
    public void close() throws InterruptedException {
      stop(service);
    }
  }

  /** socat taking TLS with client certificates on a free port, passing it to {@code target}. */
  private record TlsProxy(Process socat, int port) implements AutoCloseable {

    static TlsProxy start(Path certs, int target) throws IOException {
      int port = freePort();
      Process socat =
          new ProcessBuilder(
                  "socat",
                  "OPENSSL-LISTEN:"
                      + port
                      + ",bind=127.0.0.1,reuseaddr,fork,verify=1,cert="
                      + certs.resolve("server.pem")
                      + ",cafile="
                      + certs.resolve("ca.pem"),
                  "TCP:127.0.0.1:" + target)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return new TlsProxy(socat, port);
    }

    String host() {
      return "tcp://127.0.0.1:" + port;
    }

    @Override
    public void close() throws InterruptedException {
      stop(socat);
    }
  }

  /** Ends a helper process and what it started (socat forks one a connection), and waits. */
  private static void stop(Process process) throws InterruptedException {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
    if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly().waitFor();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket free = new ServerSocket(0)) {
      return free.getLocalPort();
    }
  }
}
