package dev.anemometer.auction.support;

import dev.anemometer.auction.support.Hostile.Body;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Hostile uploads: too large, not a picture, a pixel bomb, wrong part or content type. */
final class UploadVariants {

  /** Above the 2 MB default limit, below Tomcat's swallow size, so the 413 reaches the client. */
  static final int OVERSIZE_BYTES = 2 * 1024 * 1024 + 200 * 1024;

  private UploadVariants() {}

  static List<Hostile.Request> of(HostileEndpoint endpoint, String path, String auth) {
    byte[] random = new byte[OVERSIZE_BYTES];
    new Random(42).nextBytes(random);
    byte[] text = "just some text, not a picture".getBytes(StandardCharsets.UTF_8);
    byte[] jpeg = TestImages.encoded(40, 30, "jpeg");
    List<Hostile.Request> requests = new ArrayList<>();
    requests.add(
        upload(
            endpoint,
            "oversize",
            path,
            auth,
            Multipart.of("file", "big.jpg", "image/jpeg", random)));
    requests.add(
        upload(
            endpoint,
            "not an image",
            path,
            auth,
            Multipart.of("file", "a.jpg", "image/jpeg", text)));
    requests.add(
        upload(
            endpoint,
            "truncated jpeg",
            path,
            auth,
            Multipart.of("file", "a.jpg", "image/jpeg", truncate(jpeg))));
    requests.add(
        upload(
            endpoint,
            "pixel bomb",
            path,
            auth,
            Multipart.of("file", "a.png", "image/png", PixelBomb.png())));
    requests.add(
        upload(
            endpoint,
            "empty file",
            path,
            auth,
            Multipart.of("file", "a.jpg", "image/jpeg", new byte[0])));
    requests.add(
        upload(
            endpoint,
            "wrong part name",
            path,
            auth,
            Multipart.of("image", "a.jpg", "image/jpeg", jpeg)));
    requests.add(
        upload(
            endpoint,
            "sql file name",
            path,
            auth,
            Multipart.of("file", Hostile.SQL, "image/jpeg", text)));
    requests.add(
        upload(endpoint, "json instead of multipart", path, auth, Body.json("{\"file\":\"x\"}")));
    requests.add(upload(endpoint, "raw jpeg body", path, auth, new Body("image/jpeg", jpeg)));
    requests.add(
        upload(
            endpoint,
            "multipart without boundary",
            path,
            auth,
            new Body("multipart/form-data", jpeg)));
    return requests;
  }

  private static Hostile.Request upload(
      HostileEndpoint endpoint, String what, String path, String auth, Body body) {
    return Hostile.req(endpoint, what, path, auth, body);
  }

  private static byte[] truncate(byte[] jpeg) {
    byte[] half = new byte[jpeg.length / 3];
    System.arraycopy(jpeg, 0, half, 0, half.length);
    return half;
  }
}
