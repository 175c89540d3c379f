package dev.anemometer.driver.control;

import dev.anemometer.driver.http.server.JsonServer;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.json.JsonMapper;

/**
 * The control API's server, always behind a bearer token: one given, or one made up at start for
 * the operator to copy. It listens on loopback unless told otherwise, and then only with a token
 * given: a benchmark's driver must not become an open door into the network it measures. What a
 * request must be to get through (its size, deadline, {@code Host} and {@code Origin}) is {@link
 * JsonServer}'s.
 */
public final class ControlServer implements AutoCloseable {

  static final JsonMapper JSON = JsonMapper.builder().build();

  /** The largest request: a run's configuration with a behaviour file or two inline. */
  static final int MAX_BODY_BYTES = 1 << 20;

  static final int MAX_HEADER_BYTES = 16 * 1024;
  static final Duration REQUEST_DEADLINE = Duration.ofSeconds(10);

  /** Well beyond the controller's one call a second, so that its kept connections stay open. */
  static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

  /** A route's handler: the path's captured groups and the request body in, a JSON body out. */
  @FunctionalInterface
  public interface Handler {
    Object handle(List<String> pathGroups, byte[] body) throws Exception;
  }

  private final JsonServer server;
  private final String token;
  private final boolean tokenGenerated;

  private ControlServer(JsonServer server, String token, boolean tokenGenerated) {
    this.server = server;
    this.token = token;
    this.tokenGenerated = tokenGenerated;
  }

  /** As {@link #bind(InetSocketAddress, String, Set)}, answering loopback names only. */
  public static ControlServer bind(InetSocketAddress address, String token) {
    return bind(address, token, Set.of());
  }

  /**
   * Prepares a server on {@code address} (port 0 picks a free one); {@link #start()} binds it.
   *
   * @param token the bearer token; blank makes one up (see {@link #token()})
   * @param hostNames names besides loopback and the bound address that {@code Host} may carry
   * @throws IllegalArgumentException naming the missing option: beyond loopback the controller must
   *     be given the token, so it is chosen, not made up
   */
  public static ControlServer bind(InetSocketAddress address, String token, Set<String> hostNames) {
    return bind(address, token, hostNames, REQUEST_DEADLINE, IDLE_TIMEOUT);
  }

  static ControlServer bind(
      InetSocketAddress address,
      String token,
      Set<String> hostNames,
      Duration requestDeadline,
      Duration idleTimeout) {
    boolean hasToken = token != null && !token.isBlank();
    if (!address.getAddress().isLoopbackAddress() && !hasToken) {
      throw new IllegalArgumentException(
          "--token: required when the control API listens beyond loopback ("
              + address.getAddress().getHostAddress()
              + ")");
    }
    String effective = hasToken ? token : newToken();
    var limits =
        new JsonServer.Limits(MAX_BODY_BYTES, MAX_HEADER_BYTES, requestDeadline, idleTimeout);
    return new ControlServer(
        new JsonServer(address, effective, hostNames, limits, JSON), effective, !hasToken);
  }

  /**
   * A request body as {@code type}.
   *
   * @throws IllegalArgumentException when the body is empty or JSON {@code null}
   */
  static <T> T read(byte[] body, Class<T> type) {
    T value = body.length == 0 ? null : JSON.readValue(body, type);
    if (value == null) {
      throw new IllegalArgumentException("body: missing");
    }
    return value;
  }

  public ControlServer route(String method, String pathRegex, Handler handler) {
    server.route(method, pathRegex, handler::handle);
    return this;
  }

  public ControlServer start() {
    server.start();
    return this;
  }

  /** The token requests must carry as {@code Authorization: Bearer …}. */
  public String token() {
    return token;
  }

  /** True when no token was given and {@link #token()} was made up: the operator must see it. */
  public boolean tokenGenerated() {
    return tokenGenerated;
  }

  public InetSocketAddress address() {
    return server.address();
  }

  @Override
  public void close() {
    server.close();
  }

  private static String newToken() {
    byte[] random = new byte[24];
    new SecureRandom().nextBytes(random);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
  }
}
