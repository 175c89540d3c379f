package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;

/**
 * Writes an HTTP/1.1 request straight into one buffer. The parts that never change for a session
 * (the Host line, the method tokens) are encoded once, which is most of a GET's header bytes.
 */
final class RequestEncoder {

  private static final byte[] GET = ascii("GET ");
  private static final byte[] POST = ascii("POST ");
  private static final byte[] PUT = ascii("PUT ");
  private static final byte[] DELETE = ascii("DELETE ");
  private static final byte[] VERSION = ascii(" HTTP/1.1\r\n");
  private static final byte[] CONTENT_TYPE = ascii("Content-Type: ");
  private static final byte[] CONTENT_LENGTH = ascii("Content-Length: ");
  private static final byte[] CRLF = ascii("\r\n");
  private static final int FIXED_OVERHEAD = 96;

  private final byte[] hostLine;

  RequestEncoder(String hostAndPort) {
    Credentials.requireHeaderSafe(hostAndPort, "host");
    this.hostLine = ascii("Host: " + hostAndPort + "\r\n");
  }

  /**
   * Encodes {@code request}; the caller owns the returned buffer.
   *
   * @throws IllegalArgumentException when the method or path cannot be sent as they are
   */
  ByteBuf encode(ByteBufAllocator alloc, HttpRequest request, Credentials credentials) {
    byte[] method = methodBytes(request.method());
    String path = request.pathAndQuery();
    requireValidTarget(path);
    byte[] body = request.body();
    String contentType = request.contentType();
    if (request.upload() != null) {
      MultipartBody multipart = MultipartBody.of(request.upload());
      body = multipart.bytes();
      contentType = multipart.contentType();
    }
    if (contentType != null) {
      Credentials.requireHeaderSafe(contentType, "content type");
    }
    int size =
        FIXED_OVERHEAD
            + path.length()
            + hostLine.length
            + credentials.maxEncodedLength()
            + (contentType == null ? 0 : contentType.length())
            + body.length;
    ByteBuf out = alloc.ioBuffer(size);
    out.writeBytes(method);
    ByteBufUtil.writeAscii(out, path);
    out.writeBytes(VERSION).writeBytes(hostLine);
    credentials.writeHeaders(out);
    if (contentType != null) {
      out.writeBytes(CONTENT_TYPE);
      ByteBufUtil.writeAscii(out, contentType);
      out.writeBytes(CRLF);
    }
    if (body.length > 0 || method == POST || method == PUT) {
      out.writeBytes(CONTENT_LENGTH);
      writeDecimal(out, body.length);
      out.writeBytes(CRLF);
    }
    out.writeBytes(CRLF);
    out.writeBytes(body);
    return out;
  }

  private static byte[] methodBytes(String method) {
    return switch (method) {
      case "GET" -> GET;
      case "POST" -> POST;
      case "PUT" -> PUT;
      case "DELETE" -> DELETE;
      default -> throw new IllegalArgumentException("unsupported method " + method);
    };
  }

  private static void requireValidTarget(String path) {
    if (path.isEmpty() || path.charAt(0) != '/') {
      throw new IllegalArgumentException("request target must start with '/'");
    }
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c <= ' ' || c > 0x7e) {
        throw new IllegalArgumentException("request target must be percent-encoded ASCII");
      }
    }
  }

  private static void writeDecimal(ByteBuf out, int value) {
    if (value >= 10) {
      writeDecimal(out, value / 10);
    }
    out.writeByte('0' + value % 10);
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }
}
