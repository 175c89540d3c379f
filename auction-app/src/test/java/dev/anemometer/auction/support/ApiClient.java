package dev.anemometer.auction.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

/**
 * A plain JDK HTTP client for integration tests: it sends exactly the bytes and headers a test
 * gives it (malformed JSON included), which a higher-level client would refuse to.
 */
public final class ApiClient {

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(TIMEOUT).version(HttpClient.Version.HTTP_1_1).build();
  private final String base;

  public ApiClient(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  public ApiResponse get(String path, String token) {
    return send("GET", path, token, null, null, Map.of());
  }

  public ApiResponse delete(String path, String token) {
    return send("DELETE", path, token, null, null, Map.of());
  }

  public ApiResponse postJson(String path, String token, String json) {
    return send("POST", path, token, "application/json", bytes(json), Map.of());
  }

  public ApiResponse putJson(String path, String token, String json) {
    return send("PUT", path, token, "application/json", bytes(json), Map.of());
  }

  /** Logs in and answers the token, failing the test if the login is refused. */
  public String login(AuctionFixtures.FixtureUser user) {
    ApiResponse response =
        postJson(
            "/api/login",
            null,
            "{\"username\":\"" + user.email() + "\",\"password\":\"" + user.password() + "\"}");
    if (response.status() != 200) {
      throw new AssertionError("login of " + user.email() + " answered " + response);
    }
    return response.json().get("token").asString();
  }

  /** A multipart/form-data upload of one part. */
  public ApiResponse upload(
      String path,
      String token,
      String partName,
      String fileName,
      String contentType,
      byte[] data) {
    String boundary = "anemometer-" + UUID.randomUUID();
    ByteArrayOutputStream body = new ByteArrayOutputStream(data.length + 512);
    body.writeBytes(
        bytes(
            "--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\""
                + partName
                + "\"; filename=\""
                + fileName
                + "\"\r\nContent-Type: "
                + contentType
                + "\r\n\r\n"));
    body.writeBytes(data);
    body.writeBytes(bytes("\r\n--" + boundary + "--\r\n"));
    return send(
        "POST",
        path,
        token,
        "multipart/form-data; boundary=" + boundary,
        body.toByteArray(),
        Map.of());
  }

  /** A hostile request, its Authorization header sent exactly as given (or not at all). */
  public ApiResponse send(Hostile.Request request) {
    Map<String, String> headers =
        request.authorization() == null
            ? Map.of()
            : Map.of("Authorization", request.authorization());
    return send(
        request.method(), request.path(), null, request.contentType(), request.body(), headers);
  }

  /** Any request; {@code token} may be null (no Authorization header) or any raw header value. */
  public ApiResponse send(
      String method,
      String path,
      String token,
      String contentType,
      byte[] body,
      Map<String, String> headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT);
    if (token != null) {
      request.header("Authorization", token.startsWith("Bearer") ? token : "Bearer " + token);
    }
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    headers.forEach(request::header);
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body));
    try {
      HttpResponse<byte[]> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      return new ApiResponse(response.statusCode(), response.headers(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(method + " " + path, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
