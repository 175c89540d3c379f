package dev.anemometer.driver.behavior;

import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.HttpRequest;
import dev.anemometer.driver.http.HttpResponse;
import dev.anemometer.driver.http.HttpSession;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * An HTTP client whose sessions answer from a script (a {@link FakeApp}) after a scripted latency,
 * completing on one {@link FakeScheduler}: no sockets, no threads, no sleeping.
 */
final class FakeHttpClient implements HttpClient {

  /** An answer and how long it takes to arrive. */
  record Reply(HttpResponse response, long latencyNanos) {}

  final FakeScheduler scheduler;
  final List<FakeSession> sessions = new ArrayList<>();
  private final BiFunction<FakeSession, HttpRequest, Reply> app;

  FakeHttpClient(FakeScheduler scheduler, BiFunction<FakeSession, HttpRequest, Reply> app) {
    this.scheduler = scheduler;
    this.app = app;
  }

  @Override
  public HttpSession newSession(URI target, int maxConnections) {
    FakeSession session = new FakeSession();
    sessions.add(session);
    return session;
  }

  @Override
  public void close() {}

  /** One user's session: remembers its token and every request it sent. */
  final class FakeSession implements HttpSession {
    final List<String> sent = new ArrayList<>();
    final List<String> bodies = new ArrayList<>();
    String token;
    boolean closed;

    @Override
    public CompletionStage<HttpResponse> send(HttpRequest request) {
      sent.add(request.method() + " " + request.pathAndQuery());
      bodies.add(new String(request.body(), StandardCharsets.UTF_8));
      Reply reply = app.apply(this, request);
      CompletableFuture<HttpResponse> answer = new CompletableFuture<>();
      scheduler.schedule(
          (Runnable) () -> answer.complete(reply.response()),
          reply.latencyNanos(),
          TimeUnit.NANOSECONDS);
      return answer;
    }

    @Override
    public void bearerToken(String token) {
      this.token = token;
    }

    @Override
    public void clearCredentials() {
      token = null;
    }

    @Override
    public ScheduledExecutorService executor() {
      return scheduler;
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
