package dev.anemometer.auction.support;

import dev.anemometer.auction.support.Hostile.Body;
import dev.anemometer.auction.support.HostileEndpoint.JsonField;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Hostile JSON bodies for an endpoint that takes one. */
final class JsonVariants {

  private static final List<String> WRONG_FOR_STRING = List.of("{\"a\":1}", "[1,2]", "123", "true");
  private static final List<String> WRONG_FOR_NUMBER =
      List.of(
          "\"abc\"",
          "true",
          "{}",
          "[]",
          "-1",
          "0",
          "-0.001",
          "0.001",
          "1e400",
          "-1e400",
          "99999999999999999999",
          "1" + "0".repeat(2_000),
          "\"NaN\"",
          "\"12.50\"");
  private static final List<String> WRONG_FOR_ENUM =
      List.of("\"BROKEN\"", "\"used\"", "1", "\"" + Hostile.SQL + "\"");

  private JsonVariants() {}

  static List<Hostile.Request> of(HostileEndpoint endpoint, String path, String auth) {
    List<Hostile.Request> requests = new ArrayList<>();
    for (String malformed : Hostile.MALFORMED_JSON) {
      requests.add(Hostile.req(endpoint, "body " + malformed, path, auth, Body.json(malformed)));
    }
    String valid = endpoint.validJsonBody();
    for (String type :
        List.of("text/plain", "application/xml", "application/x-www-form-urlencoded")) {
      requests.add(
          Hostile.req(
              endpoint,
              "content type " + type,
              path,
              auth,
              new Body(type, valid.getBytes(StandardCharsets.UTF_8))));
    }
    for (JsonField field : endpoint.jsonFields()) {
      for (String value : wrongValues(field)) {
        String body = Hostile.object(endpoint.jsonFields(), Map.of(field.name(), value));
        requests.add(
            Hostile.req(
                endpoint,
                field.name() + "=" + Hostile.shorten(value),
                path,
                auth,
                Body.json(body)));
      }
      if (field.kind() == JsonField.Kind.STRING) {
        requests.addAll(sqlVariants(endpoint, field, path, auth));
      }
      String missing =
          Hostile.object(endpoint.jsonFields().stream().filter(f -> f != field).toList(), Map.of());
      requests.add(
          Hostile.req(endpoint, "missing " + field.name(), path, auth, Body.json(missing)));
      String nulled = Hostile.object(endpoint.jsonFields(), Map.of(field.name(), "null"));
      requests.add(Hostile.req(endpoint, field.name() + "=null", path, auth, Body.json(nulled)));
    }
    return requests;
  }

  private static List<String> wrongValues(JsonField field) {
    return switch (field.kind()) {
      case STRING ->
          concat(WRONG_FOR_STRING, List.of("\"\"", "\"   \"", "\"" + "x".repeat(10_001) + "\""));
      case NUMBER -> WRONG_FOR_NUMBER;
      case ENUM -> WRONG_FOR_ENUM;
    };
  }

  /** SQL-looking text is valid text: a poison on another member makes the request refusable. */
  private static List<Hostile.Request> sqlVariants(
      HostileEndpoint endpoint, JsonField field, String path, String auth) {
    Optional<Map.Entry<String, String>> poison =
        endpoint.poisons().entrySet().stream()
            .filter(p -> !p.getKey().equals(field.name()))
            .findFirst();
    List<Hostile.Request> requests = new ArrayList<>();
    for (String sql : List.of(Hostile.SQL, Hostile.SQL_DROP, "\\u0000" + Hostile.SQL)) {
      Map<String, String> overrides =
          poison
              .map(p -> Map.of(field.name(), "\"" + sql + "\"", p.getKey(), p.getValue()))
              .orElse(Map.of(field.name(), "\"" + sql + "\""));
      requests.add(
          Hostile.req(
              endpoint,
              field.name() + "=" + sql,
              path,
              auth,
              Body.json(Hostile.object(endpoint.jsonFields(), overrides))));
    }
    return requests;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
