package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.cookie.ClientCookieDecoder;
import io.netty.handler.codec.http.cookie.Cookie;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A session's cookies and bearer token, kept as ready-to-write header lines so a request costs a
 * copy, not an encoding. Cookie attributes (path, domain) are ignored: a session talks to one
 * target, whose cookies all apply.
 */
final class Credentials {

  private final Map<String, String> cookies = new LinkedHashMap<>();
  private byte[] cookieLine;
  private byte[] authorizationLine;

  void bearerToken(String token) {
    if (token == null) {
      authorizationLine = null;
      return;
    }
    requireHeaderSafe(token, "bearer token");
    authorizationLine =
        ("Authorization: Bearer " + token + "\r\n").getBytes(StandardCharsets.US_ASCII);
  }

  void cookieReceived(String setCookieHeader) {
    Cookie cookie = ClientCookieDecoder.LAX.decode(setCookieHeader);
    if (cookie == null) {
      return;
    }
    if (cookie.maxAge() != Long.MIN_VALUE && cookie.maxAge() <= 0) {
      cookies.remove(cookie.name());
    } else {
      cookies.put(cookie.name(), cookie.value());
    }
    cookieLine = null;
  }

  void clear() {
    cookies.clear();
    cookieLine = null;
    authorizationLine = null;
  }

  int maxEncodedLength() {
    return cookieLine().length + (authorizationLine == null ? 0 : authorizationLine.length);
  }

  void writeHeaders(ByteBuf out) {
    out.writeBytes(cookieLine());
    if (authorizationLine != null) {
      out.writeBytes(authorizationLine);
    }
  }

  private byte[] cookieLine() {
    if (cookieLine == null) {
      cookieLine = encodeCookies();
    }
    return cookieLine;
  }

  private byte[] encodeCookies() {
    if (cookies.isEmpty()) {
      return new byte[0];
    }
    StringBuilder line = new StringBuilder("Cookie: ");
    for (Map.Entry<String, String> cookie : cookies.entrySet()) {
      if (line.length() > 8) {
        line.append("; ");
      }
      line.append(cookie.getKey()).append('=').append(cookie.getValue());
    }
    String value = line.append("\r\n").toString();
    requireHeaderSafe(value.substring(0, value.length() - 2), "cookie");
    return value.getBytes(StandardCharsets.US_ASCII);
  }

  /** Refuses values that would break out of their header line (response splitting). */
  static void requireHeaderSafe(String value, String what) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\r' || c == '\n' || c > 0x7e) {
        throw new IllegalArgumentException(what + " contains a character not allowed in a header");
      }
    }
  }
}
