package dev.anemometer.driver.operation;

import dev.anemometer.driver.http.HttpResponse;
import dev.anemometer.driver.http.HttpSession;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The requests of one operation: sends them, checks their status, sums their wire time and funnels
 * every way of going wrong into one failure reason. Touched only on the session's thread.
 */
final class Exchange {

  static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpSession session;
  private long wireNanos;
  private long connectionWaitNanos;

  Exchange(HttpSession session) {
    this.session = session;
  }

  /** Sends a call; the stage fails with an {@link OperationFailure} on a transport error. */
  CompletionStage<HttpResponse> send(Call call, int... okStatuses) {
    return session
        .send(call.request())
        .thenApply(
            response -> {
              wireNanos += response.wireNanos();
              connectionWaitNanos = Math.max(connectionWaitNanos, response.queuedNanos());
              return check(call, response, okStatuses);
            });
  }

  /** Sends a call and reads the fields of {@code shape} from its JSON body. */
  CompletionStage<JsonFields> json(Call call, JsonShape shape, int... okStatuses) {
    return send(call, okStatuses).thenApply(response -> parse(call, response, shape));
  }

  /**
   * Sends calls concurrently (as a browser fetches images); the longest one counts as wire time.
   */
  CompletionStage<Void> concurrently(List<Call> calls) {
    if (calls.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<?>[] all = new CompletableFuture<?>[calls.size()];
    long[] longest = new long[1];
    for (int i = 0; i < all.length; i++) {
      Call call = calls.get(i);
      all[i] =
          session
              .send(call.request())
              .thenApply(
                  response -> {
                    longest[0] = Math.max(longest[0], response.wireNanos());
                    connectionWaitNanos = Math.max(connectionWaitNanos, response.queuedNanos());
                    return check(call, response, 200);
                  })
              .toCompletableFuture();
    }
    return CompletableFuture.allOf(all).whenComplete((ignored, error) -> wireNanos += longest[0]);
  }

  /** Turns the end of an operation's chain into its outcome; never completes exceptionally. */
  CompletionStage<OperationOutcome> finish(CompletionStage<?> chain) {
    return chain.handle(
        (ignored, error) -> new OperationOutcome(wireNanos, reason(error), connectionWaitNanos));
  }

  static OperationFailure missing(String field, Call call) {
    return new OperationFailure("missing " + field + " in " + call.template());
  }

  private static HttpResponse check(Call call, HttpResponse response, int... okStatuses) {
    if (response.failed()) {
      throw new OperationFailure(response.failure() + " on " + call.template());
    }
    for (int ok : okStatuses) {
      if (response.status() == ok) {
        return response;
      }
    }
    throw new OperationFailure("status " + response.status() + " on " + call.template());
  }

  static JsonFields parse(Call call, HttpResponse response, JsonShape shape) {
    try {
      return shape.read(response.body());
    } catch (JacksonException e) {
      throw new OperationFailure("invalid JSON in " + call.template());
    }
  }

  private static String reason(Throwable error) {
    if (error == null) {
      return null;
    }
    Throwable cause =
        error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof OperationFailure failure) {
      return failure.getMessage();
    }
    // A bug in the driver, not a failure of the system under test: keep it visible but bounded.
    return "driver error " + cause.getClass().getSimpleName();
  }
}
