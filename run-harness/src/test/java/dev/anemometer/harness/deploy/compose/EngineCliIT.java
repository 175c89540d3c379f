package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.compose.ServiceContainers.Container;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the compose target asks of a real engine, through its CLI: a service's containers with their
 * first process and address, a container's death within moments, and the same over tcp where the
 * engine can listen there (podman). One labelled container plays a Compose service.
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
   * its API on a loopback port for the test. TLS and ssh are the CLI's too; no engine here serves
   * them.
   */
  @Test
  void overTcpTheSameContainerIsSeen() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    Process service;
    try {
      service =
          new ProcessBuilder("podman", "system", "service", "--time=0", "tcp://127.0.0.1:" + port)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
    } catch (IOException e) {
      Engines.skipIf(
          true, "overTcpTheSameContainerIsSeen", () -> "podman is not here to serve tcp");
      return;
    }
    try {
      EngineCli overTcp = DockerCli.with(Map.of("DOCKER_HOST", "tcp://127.0.0.1:" + port));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> overTcp.ping(Duration.ofSeconds(5)).isEmpty());

      assertThat(overTcp.host()).isEqualTo("tcp://127.0.0.1:" + port);
      assertThat(new ServiceContainers(overTcp, PROJECT, "app").list())
          .extracting(Container::id)
          .containsExactly(id);
    } finally {
      service.destroy();
    }
  }
}
