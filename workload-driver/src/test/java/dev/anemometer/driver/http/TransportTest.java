package dev.anemometer.driver.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import io.netty.handler.codec.http.HttpHeaderNames;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every transport the platform offers carries the same exchanges the same way. */
class TransportTest {

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll", "nio"})
  void eachTransportKeepsConnectionsAliveReconnectsAndReportsARefusal(String name)
      throws IOException {
    assumeTrue(available(name), () -> name + " is not offered by this kernel or platform");
    Transport transport = Transport.named(name);
    assertThat(transport.name()).isEqualTo(name);
    NettyHttpClient client =
        new NettyHttpClient(HttpClientConfig.defaults().withEventLoops(1), transport);
    try (TestServer server =
        new TestServer(
            (request, reply) -> {
              var response = TestServer.response(200, "via " + request.uri());
              if (request.uri().equals("/last")) {
                response.headers().set(HttpHeaderNames.CONNECTION, "close");
              }
              reply.send(response);
            })) {
      HttpSession session = client.newSession(server.uri(), 1);
      for (int i = 0; i < 3; i++) {
        assertThat(body(session, "/" + i)).isEqualTo("via /" + i);
      }
      assertThat(body(session, "/last")).isEqualTo("via /last");
      assertThat(body(session, "/after")).isEqualTo("via /after");
      assertThat(server.acceptedConnections.get()).isEqualTo(2);

      HttpSession nowhere = client.newSession(URI.create("http://127.0.0.1:" + closedPort()), 1);
      assertThat(send(nowhere, "/").failure()).isEqualTo(FailureReason.CONNECT_REFUSED);
    } finally {
      client.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  "})
  void unsetTheBestIsEpollWhereTheKernelHasIt(String name) {
    assertThat(Transport.named(name).name()).isEqualTo(Epoll.isAvailable() ? "epoll" : "nio");
  }

  @ParameterizedTest
  @ValueSource(strings = {"EPOLL", " Nio ", "IO_URING"})
  void namesAreTakenWhateverTheirCaseAndSpaces(String name) {
    String wanted = name.trim().toLowerCase(java.util.Locale.ROOT);
    assumeTrue(available(wanted), () -> wanted + " is not offered by this kernel or platform");
    assertThat(Transport.named(name).name()).isEqualTo(wanted);
  }

  @ParameterizedTest
  @ValueSource(strings = {"unknown", "kqueue", "epoll\nnio", "io-uring"})
  void anUnknownNameIsRefusedInOneLineNamingTheProperty(String name) {
    assertThatThrownBy(() -> Transport.named(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("anemometer.transport: unknown transport '")
        .hasMessageContaining("io_uring, epoll or nio")
        .hasMessageNotContaining("\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"io_uring", "epoll"})
  void aTransportTheKernelDoesNotOfferIsRefusedNotReplaced(String name) {
    assumeTrue(!available(name), () -> name + " is offered here: nothing to refuse");
    assertThatThrownBy(() -> Transport.named(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("anemometer.transport: " + name + " is not offered");
  }

  private static boolean available(String name) {
    return switch (name) {
      case "io_uring" -> IoUring.isAvailable();
      case "epoll" -> Epoll.isAvailable();
      default -> true;
    };
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static String body(HttpSession session, String path) {
    HttpResponse response = send(session, path);
    assertThat(response.failure()).isNull();
    return new String(response.body(), StandardCharsets.UTF_8);
  }

  private static HttpResponse send(HttpSession session, String path) {
    return session
        .send(HttpRequest.get(path))
        .toCompletableFuture()
        .orTimeout(30, TimeUnit.SECONDS)
        .join();
  }
}
