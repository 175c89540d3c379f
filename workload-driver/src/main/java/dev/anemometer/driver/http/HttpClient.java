package dev.anemometer.driver.http;

import java.net.URI;

/**
 * What operations and behaviours know of HTTP. The Netty implementation lives in this package; the
 * rest of the driver talks to these interfaces only, so tests can substitute a scripted fake.
 */
public interface HttpClient extends AutoCloseable {

  /**
   * A session for one simulated user against one target: its own small pool of keep-alive
   * connections (at most {@code maxConnections}, like a browser), its cookies and its bearer token.
   *
   * @param target scheme, host and port of the system under test, e.g. {@code
   *     http://127.0.0.1:8080}
   */
  HttpSession newSession(URI target, int maxConnections);

  /** Stops the event loops and closes every connection. */
  @Override
  void close();
}
