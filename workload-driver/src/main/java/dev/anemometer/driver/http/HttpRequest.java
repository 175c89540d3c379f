package dev.anemometer.driver.http;

/**
 * One request of an operation.
 *
 * @param method GET, POST, PUT or DELETE
 * @param pathAndQuery e.g. {@code /api/auctions/live?page=0&size=5}
 * @param body bytes to send, empty for none
 * @param contentType of the body, {@code null} for none
 * @param upload a file to send as {@code multipart/form-data} instead of {@code body}, or null
 */
public record HttpRequest(
    String method, String pathAndQuery, byte[] body, String contentType, FileUpload upload) {

  private static final byte[] NO_BODY = new byte[0];

  public static HttpRequest get(String pathAndQuery) {
    return new HttpRequest("GET", pathAndQuery, NO_BODY, null, null);
  }

  public static HttpRequest delete(String pathAndQuery) {
    return new HttpRequest("DELETE", pathAndQuery, NO_BODY, null, null);
  }

  public static HttpRequest postJson(String pathAndQuery, byte[] json) {
    return new HttpRequest("POST", pathAndQuery, json, "application/json", null);
  }

  public static HttpRequest putJson(String pathAndQuery, byte[] json) {
    return new HttpRequest("PUT", pathAndQuery, json, "application/json", null);
  }

  public static HttpRequest upload(String pathAndQuery, FileUpload upload) {
    return new HttpRequest("POST", pathAndQuery, NO_BODY, null, upload);
  }

  /** A file sent as one part of a {@code multipart/form-data} body. */
  public record FileUpload(String fieldName, String fileName, String contentType, byte[] bytes) {}
}
