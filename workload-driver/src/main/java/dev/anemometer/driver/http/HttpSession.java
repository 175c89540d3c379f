package dev.anemometer.driver.http;

import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;

/**
 * One simulated user's view of HTTP. Requests beyond the connection limit wait for a free
 * connection; the time they wait is reported in {@link HttpResponse#queuedNanos()}.
 */
public interface HttpSession extends AutoCloseable {

  /**
   * Sends a request. The stage always completes normally: a failure (refused, timed out, reset) is
   * an {@link HttpResponse} with a {@link FailureReason}, never an exception. Completion happens on
   * this session's {@link #executor()}.
   */
  CompletionStage<HttpResponse> send(HttpRequest request);

  /** Sets the bearer token sent with every request from now on; {@code null} removes it. */
  void bearerToken(String token);

  /** Forgets cookies and the bearer token (a user logging out), keeping the connections. */
  void clearCredentials();

  /**
   * The single thread (a Netty event loop) on which this session's responses complete; the user's
   * pacing timers are scheduled here too, so a user's state is only ever touched by one thread.
   */
  ScheduledExecutorService executor();

  /** Closes this session's connections. */
  @Override
  void close();
}
