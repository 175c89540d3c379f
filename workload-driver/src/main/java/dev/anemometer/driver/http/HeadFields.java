package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** The few header fields that matter, read from the raw lines of one head. */
final class HeadFields {

  private static final byte[] CONTENT_LENGTH = lower("content-length");
  private static final byte[] TRANSFER_ENCODING = lower("transfer-encoding");
  private static final byte[] CONNECTION = lower("connection");
  private static final byte[] CONTENT_TYPE = lower("content-type");
  private static final byte[] SET_COOKIE = lower("set-cookie");

  boolean keepAlive;
  boolean chunked;
  long contentLength = -1;
  String contentType;

  HeadFields(boolean http11) {
    keepAlive = http11;
  }

  /** Reads the header line [start, end), end being its LF; false if it is malformed. */
  boolean read(ByteBuf buf, int start, int end, ResponseParser.Listener listener) {
    if (end > start && buf.getByte(end - 1) == '\r') {
      end--;
    }
    int colon = buf.indexOf(start, end, (byte) ':');
    if (colon <= start) {
      return false;
    }
    int valueStart = colon + 1;
    while (valueStart < end && isSpace(buf.getByte(valueStart))) {
      valueStart++;
    }
    int valueEnd = end;
    while (valueEnd > valueStart && isSpace(buf.getByte(valueEnd - 1))) {
      valueEnd--;
    }
    int nameLength = colon - start;
    if (nameIs(buf, start, nameLength, CONTENT_LENGTH)) {
      long length = decimal(buf, valueStart, valueEnd);
      if (length < 0 || (contentLength >= 0 && contentLength != length)) {
        return false;
      }
      contentLength = length;
    } else if (nameIs(buf, start, nameLength, TRANSFER_ENCODING)) {
      chunked = contains(buf, valueStart, valueEnd, "chunked");
    } else if (nameIs(buf, start, nameLength, CONNECTION)) {
      if (contains(buf, valueStart, valueEnd, "close")) {
        keepAlive = false;
      } else if (contains(buf, valueStart, valueEnd, "keep-alive")) {
        keepAlive = true;
      }
    } else if (nameIs(buf, start, nameLength, CONTENT_TYPE)) {
      contentType = text(buf, valueStart, valueEnd);
    } else if (nameIs(buf, start, nameLength, SET_COOKIE)) {
      listener.setCookie(text(buf, valueStart, valueEnd));
    }
    return true;
  }

  private static boolean nameIs(ByteBuf buf, int start, int length, byte[] lowerName) {
    if (length != lowerName.length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      int c = buf.getByte(start + i);
      if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerName[i]) {
        return false;
      }
    }
    return true;
  }

  /** Case-insensitive search without building a string: runs on every response. */
  private static boolean contains(ByteBuf buf, int start, int end, String lowerWord) {
    int length = lowerWord.length();
    for (int at = start; at <= end - length; at++) {
      int i = 0;
      while (i < length) {
        int c = buf.getByte(at + i);
        if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerWord.charAt(i)) {
          break;
        }
        i++;
      }
      if (i == length) {
        return true;
      }
    }
    return false;
  }

  private static long decimal(ByteBuf buf, int start, int end) {
    if (start == end || end - start > 18) {
      return -1;
    }
    long value = 0;
    for (int i = start; i < end; i++) {
      int digit = buf.getByte(i) - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return value;
  }

  private static String text(ByteBuf buf, int start, int end) {
    return buf.toString(start, end - start, StandardCharsets.ISO_8859_1);
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t';
  }

  private static byte[] lower(String name) {
    return name.getBytes(StandardCharsets.US_ASCII);
  }
}
