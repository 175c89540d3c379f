package dev.anemometer.auction.support;

import dev.anemometer.auction.support.HostileEndpoint.JsonField;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Derives hostile variants of a {@link HostileEndpoint}: missing, malformed, forged and over-long
 * tokens; unknown, negative, enormous and non-numeric ids; another user's resources; malformed
 * JSON, wrong types, out-of-range numbers, over-long and SQL-looking strings; oversize and fake
 * uploads.
 */
public final class Hostile {

  public static final String SQL = "' OR 1=1 --";
  public static final String SQL_DROP = "'; DROP TABLE app_user; --";

  static final List<String> BAD_IDS =
      List.of(
          "0",
          "-1",
          "987654321987",
          "9223372036854775808",
          "99999999999999999999",
          "1e400",
          "1.5",
          "abc",
          encode(SQL),
          encode(SQL_DROP));

  static final List<String> MALFORMED_JSON =
      List.of("{", "{\"a\":", "not json", "[]", "null", "\"text\"", "123", "", "{\"a\":1,}", "{}");

  /** Targets of the placeholders, and the caller's token. */
  public record Targets(
      String callerEmail,
      String token,
      long userId,
      long otherUserId,
      long auctionId,
      long itemId,
      long otherItemId,
      long imageId) {

    String resolve(String path) {
      return path.replace("{userId}", Long.toString(userId))
          .replace("{auctionId}", Long.toString(auctionId))
          .replace("{itemId}", Long.toString(itemId))
          .replace("{imageId}", Long.toString(imageId));
    }
  }

  /** One request to send, with a description for the failure message. */
  public record Request(
      String description,
      String method,
      String path,
      String authorization,
      String contentType,
      byte[] body) {

    Request withMethod(String other) {
      return new Request(
          description + " (" + other + ")", other, path, authorization, contentType, body);
    }
  }

  private Hostile() {}

  public static List<Request> variants(HostileEndpoint endpoint, Targets targets) {
    List<Request> requests = new ArrayList<>();
    Body valid = validBody(endpoint);
    String path = targets.resolve(endpoint.path());
    String token = "Bearer " + targets.token();
    if (endpoint.authenticated()) {
      for (String header : badAuthorizations(targets.token())) {
        requests.add(req(endpoint, "token " + shorten(header), path, header, valid));
      }
    }
    for (String placeholder : List.of("{userId}", "{auctionId}", "{itemId}", "{imageId}")) {
      if (endpoint.path().contains(placeholder)) {
        for (String id : BAD_IDS) {
          String bad = targets.resolve(endpoint.path().replace(placeholder, id));
          requests.add(req(endpoint, placeholder + "=" + id, bad, token, valid));
        }
      }
    }
    if (endpoint.ownerOnly()) {
      String other =
          endpoint.path().contains("{userId}")
              ? endpoint.path().replace("{userId}", Long.toString(targets.otherUserId()))
              : endpoint.path().replace("{itemId}", Long.toString(targets.otherItemId()));
      requests.add(req(endpoint, "another user's resource", targets.resolve(other), token, valid));
    }
    endpoint
        .badQuery()
        .forEach(
            (name, values) ->
                values.forEach(
                    value ->
                        requests.add(
                            req(
                                endpoint,
                                "?" + name + "=" + value,
                                path + "?" + name + "=" + encode(value),
                                token,
                                valid))));
    if (!endpoint.jsonFields().isEmpty()) {
      requests.addAll(JsonVariants.of(endpoint, path, endpoint.authenticated() ? token : null));
    }
    if (endpoint.multipartUpload()) {
      requests.addAll(UploadVariants.of(endpoint, path, token));
    }
    requests.add(req(endpoint, "method PATCH", path, token, valid).withMethod("PATCH"));
    return requests;
  }

  static List<String> badAuthorizations(String token) {
    List<String> headers = new ArrayList<>();
    headers.add(null);
    headers.add("Bearer");
    headers.add("Bearer ");
    headers.add("Bearer " + "0123456789abcdef".repeat(3));
    headers.add("Bearer " + token.toUpperCase(java.util.Locale.ROOT));
    headers.add("Bearer " + token + "0");
    headers.add("Bearer " + "a".repeat(5_000));
    headers.add("Bearer " + SQL);
    headers.add("Basic dXNlcjpwYXNzd29yZA==");
    headers.add(token);
    return headers;
  }

  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  static String shorten(String text) {
    return text == null ? "(none)" : text.length() > 40 ? text.substring(0, 40) + "…" : text;
  }

  static Request req(HostileEndpoint endpoint, String what, String path, String auth, Body body) {
    return new Request(
        endpoint.operation() + " " + what,
        endpoint.method(),
        path,
        auth,
        body.contentType(),
        body.bytes());
  }

  private static Body validBody(HostileEndpoint endpoint) {
    if (!endpoint.jsonFields().isEmpty()) {
      return Body.json(endpoint.validJsonBody());
    }
    if (endpoint.multipartUpload()) {
      return Multipart.of("file", "a.jpg", "image/jpeg", TestImages.encoded(40, 30, "jpeg"));
    }
    return Body.NONE;
  }

  /** Builds a JSON object from raw member values. */
  static String object(List<JsonField> fields, Map<String, String> overrides) {
    StringBuilder body = new StringBuilder("{");
    for (JsonField field : fields) {
      if (body.length() > 1) {
        body.append(',');
      }
      String value = overrides.getOrDefault(field.name(), field.validJson());
      body.append('"').append(field.name()).append("\":").append(value);
    }
    return body.append('}').toString();
  }

  /** A request body and its content type. */
  record Body(String contentType, byte[] bytes) {

    static final Body NONE = new Body(null, null);

    static Body json(String text) {
      return new Body("application/json", text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
