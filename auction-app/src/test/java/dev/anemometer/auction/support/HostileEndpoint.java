package dev.anemometer.auction.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One endpoint as the hostile-input test attacks it. The path holds placeholders that the test
 * resolves to real rows: {@code {userId}} (the caller), {@code {auctionId}} (a RUNNING auction of
 * the caller), {@code {itemId}} (its ACTIVE item, sold by the caller), {@code {imageId}} (an image
 * of that item). The request described must be one the caller may make; every variant the test
 * derives from it must then be refused.
 *
 * @param operation the SPEC operation name, for failure messages
 * @param authenticated whether a bearer token is required (token variants are sent if so)
 * @param ownerOnly whether {userId} / {itemId} of another user must answer 403
 * @param jsonFields the JSON body's members in order, empty for no JSON body
 * @param poisons for bodies a caller could legitimately send with SQL-looking text in them: one
 *     invalid member value per field, applied to another field so that the request is refused
 * @param badQuery query parameters and values each of which must be refused
 * @param multipartUpload whether the body is an image upload
 */
public record HostileEndpoint(
    String operation,
    String method,
    String path,
    boolean authenticated,
    boolean ownerOnly,
    List<JsonField> jsonFields,
    Map<String, String> poisons,
    Map<String, List<String>> badQuery,
    boolean multipartUpload) {

  public HostileEndpoint {
    jsonFields = List.copyOf(jsonFields);
    poisons = new LinkedHashMap<>(poisons);
    badQuery = new LinkedHashMap<>(badQuery);
  }

  /** A JSON member: its name, kind, and a valid value as raw JSON. */
  public record JsonField(String name, Kind kind, String validJson) {

    /** What wrong-type and out-of-range values to try. */
    public enum Kind {
      STRING,
      NUMBER,
      ENUM
    }
  }

  /** An endpoint with neither body nor query: only tokens and path ids are attacked. */
  public static HostileEndpoint plain(
      String operation, String method, String path, boolean authenticated, boolean ownerOnly) {
    return new HostileEndpoint(
        operation, method, path, authenticated, ownerOnly, List.of(), Map.of(), Map.of(), false);
  }

  public HostileEndpoint withQuery(Map<String, List<String>> query) {
    return new HostileEndpoint(
        operation, method, path, authenticated, ownerOnly, jsonFields, poisons, query, false);
  }

  public HostileEndpoint withJson(List<JsonField> fields, Map<String, String> poisonValues) {
    return new HostileEndpoint(
        operation, method, path, authenticated, ownerOnly, fields, poisonValues, badQuery, false);
  }

  public HostileEndpoint asUpload() {
    return new HostileEndpoint(
        operation, method, path, authenticated, ownerOnly, jsonFields, poisons, badQuery, true);
  }

  public String validJsonBody() {
    StringBuilder body = new StringBuilder("{");
    for (JsonField field : jsonFields) {
      if (body.length() > 1) {
        body.append(',');
      }
      body.append('"').append(field.name()).append("\":").append(field.validJson());
    }
    return body.append('}').toString();
  }
}
