package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine is asked through Docker's own CLI, which says in one line why it does not answer, and
 * a command that hangs ends at its timeout. Needs Docker's CLI, not an engine.
 */
class DockerCliTest {

  @TempDir Path temp;

  /** Skips the calling test, saying why, unless {@code docker} is Docker's own CLI. */
  static void assumeDockersCli(String test) {
    boolean dockers;
    try {
      dockers =
          DockerCli.with(Map.of())
              .run(Duration.ofSeconds(30), "--version")
              .startsWith("Docker version");
    } catch (IOException e) {
      dockers = false;
    }
    Engines.skipIf(
        !dockers, test, () -> "'docker --version' does not name Docker's CLI (or there is none)");
  }

  @Test
  void aMissingSocketIsSaidInOneLineNamingWhereTheCliLooked() {
    assumeDockersCli("aMissingSocketIsSaidInOneLine");
    Path socket = temp.resolve("none.sock");
    EngineCli cli = DockerCli.with(Map.of("DOCKER_HOST", "unix://" + socket));

    assertThat(cli.ping(Duration.ofSeconds(30)))
        .hasValueSatisfying(
            why -> assertThat(why).contains("unix://" + socket).doesNotContain("\n"));
  }

  @Test
  void anEngineThatAcceptsButNeverAnswersEndsAtTheTimeout() throws Exception {
    assumeDockersCli("anEngineThatAcceptsButNeverAnswers");
    Path socket = temp.resolve("silent.sock");
    try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      silent.bind(UnixDomainSocketAddress.of(socket));
      EngineCli cli = DockerCli.with(Map.of("DOCKER_HOST", "unix://" + socket));
      long started = System.nanoTime();

      assertThat(cli.ping(Duration.ofMillis(1500)))
          .contains("no answer from 'docker version --format {{.Server.Version}}' within 1500 ms");
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
    }
  }

  @Test
  void aCommandThatFailsSaysTheCliWords() {
    assumeDockersCli("aCommandThatFailsSaysTheCliWords");
    EngineCli cli = DockerCli.with(Map.of());

    assertThatThrownBy(() -> cli.run(Duration.ofSeconds(30), "no-such-command"))
        .isInstanceOf(IOException.class)
        .hasMessageNotContaining("\n")
        .hasMessageContaining("no-such-command");
  }

  @Test
  void theEngineIsNamedAsTheEnvironmentNamesIt() {
    assertThat(DockerCli.with(Map.of("DOCKER_HOST", "ssh://me@box")).host())
        .isEqualTo("ssh://me@box");
    assertThat(DockerCli.with(Map.of("DOCKER_HOST", "", "DOCKER_CONTEXT", "lab")).host())
        .isEqualTo("docker context lab");
  }
}
