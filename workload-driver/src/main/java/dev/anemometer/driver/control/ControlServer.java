package dev.anemometer.driver.control;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * A small JSON-over-HTTP server for the control API. It listens on loopback unless told otherwise,
 * and then only with a shared bearer token: a benchmark's driver must not become an open door into
 * the network it measures.
 */
public final class ControlServer implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(ControlServer.class);
  static final JsonMapper JSON = JsonMapper.builder().build();

  /** A route's handler: the path's captured groups and the request body in, a JSON body out. */
  @FunctionalInterface
  public interface Handler {
    Object handle(List<String> pathGroups, byte[] body) throws Exception;
  }

  private record Route(String method, Pattern path, Handler handler) {}

  private final List<Route> routes = new ArrayList<>();
  private final byte[] expectedAuthorization;
  private final HttpServer server;
  private final ExecutorService executor;

  private ControlServer(HttpServer server, String token) {
    this.server = server;
    this.expectedAuthorization =
        token == null ? null : ("Bearer " + token).getBytes(StandardCharsets.UTF_8);
    this.executor =
        Executors.newFixedThreadPool(
            2,
            runnable -> {
              Thread thread = new Thread(runnable, "anemometer-control");
              thread.setDaemon(true);
              return thread;
            });
    server.setExecutor(executor);
    server.createContext("/", this::dispatch);
  }

  /**
   * Binds (port 0 picks a free one). Refuses a non-loopback address without a token.
   *
   * @throws IllegalArgumentException naming the missing option
   */
  public static ControlServer bind(InetSocketAddress address, String token) throws IOException {
    boolean hasToken = token != null && !token.isBlank();
    if (!address.getAddress().isLoopbackAddress() && !hasToken) {
      throw new IllegalArgumentException(
          "--token: required when the control API listens beyond loopback ("
              + address.getAddress().getHostAddress()
              + ")");
    }
    return new ControlServer(HttpServer.create(address, 16), hasToken ? token : null);
  }

  public ControlServer route(String method, String pathRegex, Handler handler) {
    routes.add(new Route(method, Pattern.compile(pathRegex), handler));
    return this;
  }

  public ControlServer start() {
    server.start();
    return this;
  }

  public InetSocketAddress address() {
    return server.getAddress();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void dispatch(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!authorized(exchange)) {
        respond(exchange, 401, new WireFormat.ErrorResponse("missing or wrong bearer token"));
        return;
      }
      String path = exchange.getRequestURI().getPath();
      boolean pathKnown = false;
      for (Route route : routes) {
        Matcher matcher = route.path().matcher(path);
        if (!matcher.matches()) {
          continue;
        }
        pathKnown = true;
        if (route.method().equals(exchange.getRequestMethod())) {
          handle(exchange, route, matcher);
          return;
        }
      }
      int status = pathKnown ? 405 : 404;
      respond(
          exchange,
          status,
          new WireFormat.ErrorResponse("no route " + exchange.getRequestMethod() + " " + path));
    }
  }

  private void handle(HttpExchange exchange, Route route, Matcher matcher) throws IOException {
    List<String> groups = new ArrayList<>();
    for (int i = 1; i <= matcher.groupCount(); i++) {
      groups.add(matcher.group(i));
    }
    try {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      respond(exchange, 200, route.handler().handle(groups, body));
    } catch (JacksonException | IllegalArgumentException e) {
      respond(exchange, 400, new WireFormat.ErrorResponse(firstLine(e.getMessage())));
    } catch (IllegalStateException e) {
      respond(exchange, 409, new WireFormat.ErrorResponse(e.getMessage()));
    } catch (Exception e) {
      log.warn(
          "Control request {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
      respond(exchange, 500, new WireFormat.ErrorResponse(String.valueOf(e.getMessage())));
    }
  }

  private boolean authorized(HttpExchange exchange) {
    if (expectedAuthorization == null) {
      return true;
    }
    String given = exchange.getRequestHeaders().getFirst("Authorization");
    return given != null
        && MessageDigest.isEqual(expectedAuthorization, given.getBytes(StandardCharsets.UTF_8));
  }

  private static void respond(HttpExchange exchange, int status, Object body) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(body);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "bad request";
    }
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
