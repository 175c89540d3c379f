package dev.anemometer.auction.support;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** A one-part multipart/form-data body. */
final class Multipart {

  private Multipart() {}

  static Hostile.Body of(String partName, String fileName, String contentType, byte[] data) {
    String boundary = "anemometer-" + UUID.randomUUID();
    ByteArrayOutputStream body = new ByteArrayOutputStream(data.length + 512);
    body.writeBytes(
        ("--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\""
                + partName
                + "\"; filename=\""
                + fileName
                + "\"\r\nContent-Type: "
                + contentType
                + "\r\n\r\n")
            .getBytes(StandardCharsets.UTF_8));
    body.writeBytes(data);
    body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return new Hostile.Body("multipart/form-data; boundary=" + boundary, body.toByteArray());
  }
}
