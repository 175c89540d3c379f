package dev.anemometer.driver.http;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ThreadLocalRandom;

/** A {@code multipart/form-data} body (RFC 7578) holding one file. */
record MultipartBody(String contentType, byte[] bytes) {

  private static final char[] BOUNDARY_CHARS =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

  static MultipartBody of(HttpRequest.FileUpload upload) {
    return of(upload, randomBoundary());
  }

  static MultipartBody of(HttpRequest.FileUpload upload, String boundary) {
    String partType =
        upload.contentType() == null ? "application/octet-stream" : upload.contentType();
    Credentials.requireHeaderSafe(partType, "upload content type");
    String head =
        "--"
            + boundary
            + "\r\nContent-Disposition: form-data; name=\""
            + quoted(upload.fieldName())
            + "\"; filename=\""
            + quoted(upload.fileName())
            + "\"\r\nContent-Type: "
            + partType
            + "\r\n\r\n";
    String tail = "\r\n--" + boundary + "--\r\n";
    ByteArrayOutputStream out =
        new ByteArrayOutputStream(head.length() + upload.bytes().length + tail.length());
    out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(upload.bytes());
    out.writeBytes(tail.getBytes(StandardCharsets.US_ASCII));
    return new MultipartBody("multipart/form-data; boundary=" + boundary, out.toByteArray());
  }

  /** Escapes as HTML forms do, so a name cannot end its quoted string or its header line. */
  private static String quoted(String name) {
    return name.replace("\"", "%22").replace("\r", "%0D").replace("\n", "%0A");
  }

  private static String randomBoundary() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    char[] chars = new char[32];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = BOUNDARY_CHARS[random.nextInt(BOUNDARY_CHARS.length)];
    }
    return "----anemometer" + new String(chars);
  }
}
