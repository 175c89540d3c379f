package dev.anemometer.auction.support;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A response as the test saw it: status, headers and raw body. */
public record ApiResponse(int status, HttpHeaders headers, byte[] body) {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  public String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  public JsonNode json() {
    return JSON.readTree(body);
  }

  public String header(String name) {
    return headers.firstValue(name).orElse(null);
  }

  public String contentType() {
    return header("Content-Type");
  }

  @Override
  public String toString() {
    String shown = text();
    return status
        + " "
        + contentType()
        + " "
        + (shown.length() > 500 ? shown.substring(0, 500) : shown);
  }
}
