package dev.anemometer.driver.http;

/**
 * The answer to one request, or why there was none.
 *
 * @param status HTTP status, 0 when the request failed before a status arrived
 * @param body the whole body (bodies here are small JSON documents or images)
 * @param contentType the response's content type, or null
 * @param failure why no complete response arrived, or null on success
 * @param queuedNanos time spent waiting for a free connection of the session
 * @param wireNanos time from writing the request to reading the last byte of the response
 */
public record HttpResponse(
    int status,
    byte[] body,
    String contentType,
    FailureReason failure,
    long queuedNanos,
    long wireNanos) {

  public boolean failed() {
    return failure != null;
  }

  public static HttpResponse failure(FailureReason reason, long queuedNanos, long wireNanos) {
    return new HttpResponse(0, new byte[0], null, reason, queuedNanos, wireNanos);
  }
}
