package dev.anemometer.driver.cli;

import dev.anemometer.driver.http.HttpClient;
import java.util.function.Supplier;

/**
 * The production HTTP client. The Netty implementation lives in {@code
 * dev.anemometer.driver.http.NettyHttpClient}; it is looked up by name so that this part of the
 * driver builds and tests without it.
 */
final class HttpClients {

  // INTEGRATION POINT: replace with `NettyHttpClient::new` (or its factory) once both are merged.
  static final String NETTY_CLIENT = "dev.anemometer.driver.http.NettyHttpClient";

  private HttpClients() {}

  static Supplier<HttpClient> production() {
    return () -> {
      try {
        Class<?> type = Class.forName(NETTY_CLIENT);
        return (HttpClient) type.getConstructor().newInstance();
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("the Netty HTTP client is not available: " + e, e);
      }
    };
  }
}
