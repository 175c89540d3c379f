package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/**
 * One request from the moment it is sent until its response or failure: the single place where a
 * request's future is completed, exactly once, so no path can lose or double-report an outcome.
 * Touched only on its session's event loop once dispatched.
 */
final class Exchange {

  private static final byte[] EMPTY = new byte[0];
  private static final long NOT_WRITTEN = Long.MIN_VALUE;

  private final HttpRequest request;
  private final CompletableFuture<HttpResponse> future = new CompletableFuture<>();
  private final long enqueuedNanos;
  private long writtenNanos = NOT_WRITTEN;
  private long deadlineNanos;
  private int status;
  private String contentType;
  private byte[] body = EMPTY;
  private int bodyLength;
  private boolean done;
  private boolean retried;

  Exchange(HttpRequest request, long enqueuedNanos) {
    this.request = request;
    this.enqueuedNanos = enqueuedNanos;
  }

  HttpRequest request() {
    return request;
  }

  CompletableFuture<HttpResponse> future() {
    return future;
  }

  long deadlineNanos() {
    return deadlineNanos;
  }

  void written(long nowNanos, long readTimeoutNanos) {
    writtenNanos = nowNanos;
    deadlineNanos = nowNanos + readTimeoutNanos;
  }

  /** The status line and headers arrived; a known length lets the body be copied only once. */
  void head(int statusCode, String responseContentType, long contentLength) {
    status = statusCode;
    contentType = responseContentType;
    body = contentLength > 0 ? new byte[(int) contentLength] : EMPTY;
    bodyLength = 0;
  }

  /** Copies a piece of the body; false when the body would exceed {@code maxBytes}. */
  boolean append(ByteBuf content, int maxBytes) {
    int readable = content.readableBytes();
    if (readable == 0) {
      return true;
    }
    int needed = bodyLength + readable;
    if (needed > maxBytes || needed < 0) {
      return false;
    }
    if (needed > body.length) {
      body = Arrays.copyOf(body, Math.min(maxBytes, Math.max(needed, body.length * 2)));
    }
    content.getBytes(content.readerIndex(), body, bodyLength, readable);
    bodyLength = needed;
    return true;
  }

  void succeed(long nowNanos) {
    if (done) {
      return;
    }
    done = true;
    byte[] bytes = bodyLength == body.length ? body : Arrays.copyOf(body, bodyLength);
    future.complete(
        new HttpResponse(
            status, bytes, contentType, null, queuedNanos(nowNanos), wireNanos(nowNanos)));
  }

  void fail(FailureReason reason, long nowNanos) {
    if (done) {
      return;
    }
    done = true;
    body = EMPTY;
    future.complete(HttpResponse.failure(reason, queuedNanos(nowNanos), wireNanos(nowNanos)));
  }

  /**
   * Whether this exchange may be sent once more after its connection died before any response byte:
   * true once, and only for methods the server may safely see twice.
   */
  boolean retryOnce() {
    if (done || retried) {
      return false;
    }
    String method = request.method();
    retried = method.equals("GET") || method.equals("PUT") || method.equals("DELETE");
    return retried;
  }

  boolean isDone() {
    return done;
  }

  private long queuedNanos(long nowNanos) {
    return (writtenNanos == NOT_WRITTEN ? nowNanos : writtenNanos) - enqueuedNanos;
  }

  private long wireNanos(long nowNanos) {
    return writtenNanos == NOT_WRITTEN ? 0 : nowNanos - writtenNanos;
  }
}
