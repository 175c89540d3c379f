package dev.anemometer.driver.http;

import java.time.Duration;

/**
 * Settings of the Netty HTTP client.
 *
 * @param eventLoops number of event-loop threads; sessions are spread over them round-robin
 * @param connectTimeout how long a TCP connect may take before {@link
 *     FailureReason#CONNECT_TIMEOUT}
 * @param readTimeout how long after writing a request its whole response may take before {@link
 *     FailureReason#READ_TIMEOUT}; long polls must fit inside it
 * @param maxResponseBytes largest response body accepted; a larger one is a {@link
 *     FailureReason#PROTOCOL_ERROR}
 */
public record HttpClientConfig(
    int eventLoops, Duration connectTimeout, Duration readTimeout, int maxResponseBytes) {

  public HttpClientConfig {
    if (eventLoops < 1) {
      throw new IllegalArgumentException("eventLoops must be at least 1, got " + eventLoops);
    }
    requirePositive("connectTimeout", connectTimeout);
    requirePositive("readTimeout", readTimeout);
    if (maxResponseBytes < 1) {
      throw new IllegalArgumentException(
          "maxResponseBytes must be at least 1, got " + maxResponseBytes);
    }
  }

  /** One event loop per core, 5 s connect, 60 s read (above the app's 30 s long poll), 16 MiB. */
  public static HttpClientConfig defaults() {
    return new HttpClientConfig(
        Runtime.getRuntime().availableProcessors(),
        Duration.ofSeconds(5),
        Duration.ofSeconds(60),
        16 * 1024 * 1024);
  }

  public HttpClientConfig withEventLoops(int count) {
    return new HttpClientConfig(count, connectTimeout, readTimeout, maxResponseBytes);
  }

  public HttpClientConfig withReadTimeout(Duration timeout) {
    return new HttpClientConfig(eventLoops, connectTimeout, timeout, maxResponseBytes);
  }

  public HttpClientConfig withConnectTimeout(Duration timeout) {
    return new HttpClientConfig(eventLoops, timeout, readTimeout, maxResponseBytes);
  }

  private static void requirePositive(String name, Duration value) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(name + " must be a positive duration, got " + value);
    }
  }
}
