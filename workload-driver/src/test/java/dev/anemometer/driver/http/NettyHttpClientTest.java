package dev.anemometer.driver.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NettyHttpClientTest {

  private final NettyHttpClient client =
      new NettyHttpClient(HttpClientConfig.defaults().withEventLoops(2));
  private final List<TestServer> servers = new ArrayList<>();

  @AfterEach
  void closeAll() {
    client.close();
    servers.forEach(TestServer::close);
  }

  @Test
  void requestsBeyondTheConnectionLimitWaitForAFreeConnection() {
    ConcurrentLinkedQueue<TestServer.Reply> held = new ConcurrentLinkedQueue<>();
    TestServer server = server((request, reply) -> held.add(reply));
    HttpSession session = client.newSession(server.uri(), 2);

    List<CompletableFuture<HttpResponse>> responses = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      responses.add(session.send(HttpRequest.get("/slow/" + i)).toCompletableFuture());
    }
    for (int answered = 0; answered < 8; answered++) {
      awaitCondition(() -> !held.isEmpty());
      assertThat(server.openConnections.get()).isLessThanOrEqualTo(2);
      held.poll().text(200, "done");
    }

    List<HttpResponse> all = responses.stream().map(NettyHttpClientTest::await).toList();
    assertThat(all).allSatisfy(response -> assertThat(response.status()).isEqualTo(200));
    assertThat(server.maxOpenConnections.get()).isEqualTo(2);
    assertThat(server.acceptedConnections.get()).isEqualTo(2);
    assertThat(all.subList(2, 8)).allSatisfy(r -> assertThat(r.queuedNanos()).isPositive());
  }

  @Test
  void completesOnTheSessionsEventLoopEvenWhenSentFromElsewhere() {
    TestServer server = server((request, reply) -> reply.text(200, "hi"));
    HttpSession session = client.newSession(server.uri(), 1);

    Boolean onLoop =
        session
            .send(HttpRequest.get("/"))
            .thenApply(response -> ((EventLoop) session.executor()).inEventLoop())
            .toCompletableFuture()
            .orTimeout(30, TimeUnit.SECONDS)
            .join();

    assertThat(onLoop).isTrue();
  }

  @Test
  void keepsCookiesUntilCredentialsAreCleared() {
    TestServer server =
        server(
            (request, reply) -> {
              var response = TestServer.response(200, headerOf(request, "cookie"));
              if (request.uri().equals("/login")) {
                response.headers().add(HttpHeaderNames.SET_COOKIE, "SESSION=abc; Path=/; HttpOnly");
                response.headers().add(HttpHeaderNames.SET_COOKIE, "theme=dark");
              } else if (request.uri().equals("/forget-theme")) {
                response.headers().add(HttpHeaderNames.SET_COOKIE, "theme=; Max-Age=0");
              }
              reply.send(response);
            });
    HttpSession session = client.newSession(server.uri(), 1);

    assertThat(body(session, "/login")).isEmpty();
    assertThat(body(session, "/me")).isEqualTo("SESSION=abc; theme=dark");
    assertThat(body(session, "/forget-theme")).isEqualTo("SESSION=abc; theme=dark");
    assertThat(body(session, "/me")).isEqualTo("SESSION=abc");
    session.clearCredentials();
    assertThat(body(session, "/me")).isEmpty();
  }

  @Test
  void sendsTheBearerTokenUntilRemoved() {
    TestServer server =
        server((request, reply) -> reply.text(200, headerOf(request, "authorization")));
    HttpSession session = client.newSession(server.uri(), 1);

    session.bearerToken("t0k3n");
    assertThat(body(session, "/")).isEqualTo("Bearer t0k3n");
    session.bearerToken(null);
    assertThat(body(session, "/")).isEmpty();
  }

  @Test
  void sendsJsonBodiesWithTheirLengthAndType() {
    TestServer server =
        server(
            (request, reply) ->
                reply.text(
                    200,
                    request.method()
                        + " "
                        + headerOf(request, "content-type")
                        + " "
                        + headerOf(request, "host")
                        + " "
                        + request.content().toString(StandardCharsets.UTF_8)));
    HttpSession session = client.newSession(server.uri(), 1);
    byte[] json = "{\"amount\":12.5}".getBytes(StandardCharsets.UTF_8);

    HttpResponse response =
        session
            .send(HttpRequest.putJson("/x", json))
            .toCompletableFuture()
            .orTimeout(30, TimeUnit.SECONDS)
            .join();

    assertThat(new String(response.body(), StandardCharsets.UTF_8))
        .isEqualTo("PUT application/json " + server.uri().getAuthority() + " {\"amount\":12.5}");
  }

  @Test
  void uploadsAFileAsMultipartFormData() {
    Map<String, String> parsed = new ConcurrentHashMap<>();
    TestServer server =
        server(
            (request, reply) -> {
              HttpPostRequestDecoder decoder = new HttpPostRequestDecoder(request);
              try {
                for (InterfaceHttpData data : decoder.getBodyHttpDatas()) {
                  FileUpload file = (FileUpload) data;
                  parsed.put("field", file.getName());
                  parsed.put("fileName", file.getFilename());
                  parsed.put("contentType", file.getContentType());
                  parsed.put("bytes", bytesOf(file));
                }
              } finally {
                decoder.destroy();
              }
              reply.text(201, "stored");
            });
    HttpSession session = client.newSession(server.uri(), 1);
    byte[] image = new byte[3000];
    for (int i = 0; i < image.length; i++) {
      image[i] = (byte) (i * 31);
    }

    HttpResponse response =
        session
            .send(
                HttpRequest.upload(
                    "/api/items/7/images",
                    new HttpRequest.FileUpload("file", "photo.jpg", "image/jpeg", image)))
            .toCompletableFuture()
            .orTimeout(30, TimeUnit.SECONDS)
            .join();

    assertThat(response.status()).isEqualTo(201);
    assertThat(parsed)
        .containsEntry("field", "file")
        .containsEntry("fileName", "photo.jpg")
        .containsEntry("contentType", "image/jpeg")
        .containsEntry("bytes", java.util.HexFormat.of().formatHex(image));
  }

  @Test
  void refusedConnectionIsReportedAsSuch() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    HttpSession session = client.newSession(URI.create("http://127.0.0.1:" + closedPort), 2);

    List<CompletableFuture<HttpResponse>> responses = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      responses.add(session.send(HttpRequest.get("/")).toCompletableFuture());
    }

    assertThat(responses)
        .allSatisfy(r -> assertThat(await(r).failure()).isEqualTo(FailureReason.CONNECT_REFUSED));
  }

  @Test
  void timesOutASilentServerAndRecoversOnANewConnection() {
    NettyHttpClient quick =
        new NettyHttpClient(
            HttpClientConfig.defaults().withEventLoops(1).withReadTimeout(Duration.ofMillis(300)));
    try {
      TestServer server =
          server(
              (request, reply) -> {
                if (!request.uri().equals("/never")) {
                  reply.text(200, "ok");
                }
              });
      HttpSession session = quick.newSession(server.uri(), 1);

      HttpResponse silent =
          session
              .send(HttpRequest.get("/never"))
              .toCompletableFuture()
              .orTimeout(30, TimeUnit.SECONDS)
              .join();
      HttpResponse next =
          session
              .send(HttpRequest.get("/"))
              .toCompletableFuture()
              .orTimeout(30, TimeUnit.SECONDS)
              .join();

      assertThat(silent.failure()).isEqualTo(FailureReason.READ_TIMEOUT);
      assertThat(silent.wireNanos()).isGreaterThanOrEqualTo(Duration.ofMillis(300).toNanos());
      assertThat(next.status()).isEqualTo(200);
      assertThat(server.acceptedConnections.get()).isEqualTo(2);
    } finally {
      quick.close();
    }
  }

  @Test
  void reconnectsAfterTheServerClosesTheConnection() {
    TestServer server =
        server(
            (request, reply) -> {
              var response = TestServer.response(200, "bye");
              response.headers().set(HttpHeaderNames.CONNECTION, "close");
              reply.send(response);
            });
    HttpSession session = client.newSession(server.uri(), 1);

    for (int i = 0; i < 3; i++) {
      assertThat(body(session, "/")).isEqualTo("bye");
    }
    assertThat(server.acceptedConnections.get()).isEqualTo(3);
  }

  @Test
  void closingTheSessionFailsWhatIsInFlightAndWhatComesAfter() {
    TestServer server = server((request, reply) -> {});
    HttpSession session = client.newSession(server.uri(), 1);
    CompletableFuture<HttpResponse> inFlight =
        session.send(HttpRequest.get("/")).toCompletableFuture();
    CompletableFuture<HttpResponse> waiting =
        session.send(HttpRequest.get("/")).toCompletableFuture();
    awaitCondition(() -> server.acceptedConnections.get() == 1);

    session.close();

    assertThat(await(inFlight).failure()).isEqualTo(FailureReason.CLIENT_CLOSED);
    assertThat(await(waiting).failure()).isEqualTo(FailureReason.CLIENT_CLOSED);
    assertThat(
            session
                .send(HttpRequest.get("/"))
                .toCompletableFuture()
                .orTimeout(30, TimeUnit.SECONDS)
                .join()
                .failure())
        .isEqualTo(FailureReason.CLIENT_CLOSED);
  }

  @Test
  void aRequestThatCannotBeEncodedFailsWithoutHarmingTheConnection() {
    TestServer server = server((request, reply) -> reply.text(200, "ok"));
    HttpSession session = client.newSession(server.uri(), 1);

    HttpResponse bad =
        session
            .send(HttpRequest.get("/with space\r\nX: y"))
            .toCompletableFuture()
            .orTimeout(30, TimeUnit.SECONDS)
            .join();

    assertThat(bad.failure()).isEqualTo(FailureReason.PROTOCOL_ERROR);
    assertThat(body(session, "/")).isEqualTo("ok");
  }

  private TestServer server(TestServer.Route route) {
    TestServer server = new TestServer(route);
    servers.add(server);
    return server;
  }

  private static String body(HttpSession session, String path) {
    HttpResponse response =
        session
            .send(HttpRequest.get(path))
            .toCompletableFuture()
            .orTimeout(30, TimeUnit.SECONDS)
            .join();
    assertThat(response.failure()).isNull();
    return new String(response.body(), StandardCharsets.UTF_8);
  }

  private static HttpResponse await(CompletableFuture<HttpResponse> response) {
    return response.orTimeout(30, TimeUnit.SECONDS).join();
  }

  private static String headerOf(FullHttpRequest request, String name) {
    String value = request.headers().get(name);
    return value == null ? "" : value;
  }

  private static String bytesOf(FileUpload file) {
    try {
      return java.util.HexFormat.of().formatHex(file.get());
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void awaitCondition(Callable<Boolean> condition) {
    Awaitility.await()
        .atMost(Duration.ofSeconds(20))
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(1))
        .until(condition);
  }
}
