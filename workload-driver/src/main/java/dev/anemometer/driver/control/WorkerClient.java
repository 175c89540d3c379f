package dev.anemometer.driver.control;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** The controller's side of one worker's control API. */
public final class WorkerClient {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final URI base;
  private final String token;
  private final HttpClient http;
  private final String name;

  public WorkerClient(URI base, String token, HttpClient http) {
    this(base, token, http, "worker " + base);
  }

  /**
   * @param name how errors name this worker ({@code worker 2 (127.0.0.1:40123, pid 4711)}), so that
   *     a run broken off by it says which one
   */
  public WorkerClient(URI base, String token, HttpClient http, String name) {
    this.base = base;
    this.token = token;
    this.http = http;
    this.name = name;
  }

  public String name() {
    return name;
  }

  /** {@code host:port} → {@code http://host:port}. */
  public static URI baseOf(String hostAndPort) {
    String text = hostAndPort.contains("://") ? hostAndPort : "http://" + hostAndPort;
    URI uri = URI.create(text);
    if (uri.getHost() == null || uri.getPort() < 0) {
      throw new IllegalArgumentException(
          "--workers: expected host:port, was '" + hostAndPort + "'");
    }
    return uri;
  }

  public URI base() {
    return base;
  }

  public void configure(WireFormat.ConfigureRequest request) {
    await(call("POST", "/v1/run", request, WireFormat.StatusResponse.class));
  }

  public void start() {
    await(call("POST", "/v1/start", null, WireFormat.StatusResponse.class));
  }

  public void setUsers(String targetId, int users) {
    await(
        call(
            "PUT",
            "/v1/targets/" + targetId + "/users",
            new WireFormat.UsersRequest(users),
            WireFormat.StatusResponse.class));
  }

  public CompletableFuture<WireFormat.IntervalsResponse> takeIntervals() {
    return call("POST", "/v1/intervals", null, WireFormat.IntervalsResponse.class);
  }

  /** The bids the worker's users got acknowledged in the current or, once stopped, last run. */
  public CompletableFuture<WireFormat.AcknowledgedBidsResponse> acknowledgedBids() {
    return call("GET", "/v1/acknowledged-bids", null, WireFormat.AcknowledgedBidsResponse.class);
  }

  public void stop() {
    await(call("POST", "/v1/stop", null, WireFormat.StatusResponse.class));
  }

  public WireFormat.StatusResponse status() {
    return await(call("GET", "/v1/status", null, WireFormat.StatusResponse.class));
  }

  private <T> CompletableFuture<T> call(String method, String path, Object body, Class<T> type) {
    HttpRequest.BodyPublisher publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(ControlServer.JSON.writeValueAsBytes(body));
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path))
            .timeout(TIMEOUT)
            .header("Content-Type", "application/json")
            .method(method, publisher);
    if (token != null && !token.isBlank()) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
        .handle(
            (response, error) -> {
              if (error != null) {
                throw new ControlException(
                    name + ": " + method + " " + path + " failed: " + rootMessage(error), error);
              }
              if (response.statusCode() != 200) {
                throw new ControlException(
                    name
                        + ": "
                        + method
                        + " "
                        + path
                        + " answered "
                        + response.statusCode()
                        + " "
                        + new String(response.body()),
                    null);
              }
              return ControlServer.JSON.readValue(response.body(), type);
            });
  }

  /** Waits for a reply; a failure surfaces as the {@link ControlException} it is. */
  static <T> T await(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (java.util.concurrent.CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  private static String rootMessage(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root instanceof IOException && root.getMessage() == null
        ? root.getClass().getSimpleName()
        : String.valueOf(root.getMessage());
  }
}
