package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runtime API as a stopped HAProxy would serve it: a socket that accepts and never answers. */
class HaproxyRuntimeApiTest {

  @TempDir Path temp;

  @Test
  void aSocketThatNeverAnswersEndsTheCommandWithinTheTimeoutNamingHaproxy() throws Exception {
    Path socket = temp.resolve("admin.sock");
    try (ServerSocketChannel paused = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      paused.bind(UnixDomainSocketAddress.of(socket));
      HaproxyRuntimeApi api = new HaproxyRuntimeApi(socket, Duration.ofMillis(300));
      long started = System.nanoTime();

      assertThatThrownBy(() -> api.command("show stat"))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("HAProxy runtime API")
          .hasMessageContaining("did not answer 'show stat' within 300 ms");

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }
  }

  @Test
  void aWholeAnswerIsReadUntilHaproxyClosesTheConnection() throws Exception {
    Path socket = temp.resolve("admin.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      Thread haproxy =
          new Thread(
              () -> {
                try (SocketChannel client = server.accept()) {
                  client.read(java.nio.ByteBuffer.allocate(64));
                  client.write(java.nio.ByteBuffer.wrap("changed\n".getBytes()));
                } catch (IOException ignored) {
                  // the test reports what the client saw
                }
              });
      haproxy.start();

      assertThat(new HaproxyRuntimeApi(socket).command("set server x")).isEqualTo("changed\n");
      haproxy.join();
    }
  }
}
