package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine is asked on its API socket, and says in a few words why it does not answer. */
class DockerApiTest {

  @TempDir Path temp;

  @Test
  void anEngineThatAnswersOkToItsPingIsThere() throws Exception {
    try (FakeEngine engine = new FakeEngine(temp.resolve("docker.sock"))) {
      engine.answer("/_ping", "200 OK", "OK");

      assertThat(engine.api().ping(Duration.ofSeconds(5))).isEmpty();
      assertThat(engine.requests()).containsExactly("GET /_ping HTTP/1.0");
    }
  }

  @Test
  void anyOtherAnswerIsSaid() throws Exception {
    try (FakeEngine engine = new FakeEngine(temp.resolve("docker.sock"))) {
      engine.answer("/_ping", "500 Internal Server Error", "database locked");

      assertThat(engine.api().ping(Duration.ofSeconds(5)))
          .contains("GET /_ping answered 500 database locked");
    }
  }

  @Test
  void aMissingSocketIsAConnectFailure() {
    DockerApi api = DockerApi.of(Map.of("DOCKER_HOST", "unix://" + temp.resolve("none.sock")));

    assertThat(api.ping(Duration.ofSeconds(5))).hasValueSatisfying(s -> s.startsWith("connect: "));
  }

  @Test
  void anEngineThatNeverAnswersTimesOut() throws Exception {
    try (FakeEngine engine = new FakeEngine(temp.resolve("docker.sock")).silent()) {
      long started = System.nanoTime();

      assertThat(engine.api().ping(Duration.ofMillis(300)))
          .contains("no answer to GET /_ping within 300 ms");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }
  }

  /**
   * A listener whose accept queue is full drops further SYNs, as a remote engine behind a dropping
   * firewall does: the connect itself must end at its timeout.
   */
  @Test
  void aConnectThatIsNeverAcceptedEndsAtTheConnectTimeout() throws Exception {
    List<SocketChannel> queued = new ArrayList<>();
    try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      InetSocketAddress target = new InetSocketAddress(full.getInetAddress(), full.getLocalPort());
      long started = System.nanoTime();
      try {
        for (int i = 0; i < 64; i++) { // the kernel queues a few beyond the backlog
          queued.add(DockerApi.connect(target, Duration.ofMillis(300)));
        }
      } catch (IOException e) {
        assertThat(e)
            .hasMessageStartingWith("connect: no connection to ")
            .hasMessageEndingWith("within 300 ms");
      }
      assertThat(queued).as("some connections never complete").hasSizeLessThan(64);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    } finally {
      for (SocketChannel channel : queued) {
        channel.close();
      }
    }
  }

  @Test
  void theSocketComesFromDockerHostElseTheDefault() {
    assertThat(DockerApi.of(Map.of()).host()).isEqualTo("unix:///var/run/docker.sock");
    assertThat(DockerApi.of(Map.of("DOCKER_HOST", "tcp://127.0.0.1:2375")).reachableDirectly())
        .isTrue();
    assertThat(DockerApi.of(Map.of("DOCKER_HOST", "ssh://me@box")).reachableDirectly()).isFalse();
    assertThat(
            DockerApi.of(Map.of("DOCKER_HOST", "tcp://box:2376", "DOCKER_TLS_VERIFY", "1"))
                .reachableDirectly())
        .isFalse();
  }
}
