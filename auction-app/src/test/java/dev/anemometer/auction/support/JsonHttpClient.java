package dev.anemometer.auction.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A small JSON-over-HTTP client for the tests, on the JDK's HttpClient. */
public final class JsonHttpClient {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(90);

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(20))
          .build();

  public Response get(URI uri, String token) {
    return send(request(uri, token).GET().build());
  }

  public CompletableFuture<Response> getAsync(URI uri, String token) {
    return http.sendAsync(request(uri, token).GET().build(), HttpResponse.BodyHandlers.ofString())
        .thenApply(JsonHttpClient::toResponse);
  }

  public Response postJson(URI uri, String token, String body) {
    return post(uri, token, "application/json", body);
  }

  public Response post(URI uri, String token, String contentType, String body) {
    return send(
        request(uri, token)
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
  }

  private static HttpRequest.Builder request(URI uri, String token) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(REQUEST_TIMEOUT);
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder.header("Accept", "application/json, application/problem+json");
  }

  private Response send(HttpRequest request) {
    try {
      return toResponse(http.send(request, HttpResponse.BodyHandlers.ofString()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Response toResponse(HttpResponse<String> response) {
    String contentType = response.headers().firstValue("Content-Type").orElse("");
    String body = response.body();
    JsonNode json = null;
    if (body != null && !body.isBlank()) {
      try {
        json = JSON.readTree(body);
      } catch (RuntimeException notJson) {
        json = null; // the raw body is kept for the assertion message
      }
    }
    return new Response(response.statusCode(), contentType, json, body);
  }

  /** A response: status, content type, and the body as JSON (null when empty). */
  public record Response(int status, String contentType, JsonNode json, String body) {

    public boolean isProblem() {
      return contentType.startsWith("application/problem+json");
    }
  }
}
