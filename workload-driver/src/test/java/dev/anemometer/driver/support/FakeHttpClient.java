package dev.anemometer.driver.support;

import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.HttpSession;
import java.net.URI;

/** An HTTP client the fake populations never use. */
public final class FakeHttpClient implements HttpClient {

  public volatile boolean closed;

  @Override
  public HttpSession newSession(URI target, int maxConnections) {
    throw new UnsupportedOperationException("fake populations do not send requests");
  }

  @Override
  public void close() {
    closed = true;
  }
}
