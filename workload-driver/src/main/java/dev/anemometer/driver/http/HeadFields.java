package dev.anemometer.driver.http;

import java.nio.charset.StandardCharsets;

/** The few header fields that matter, read from the raw lines of one head; reset for each head. */
final class HeadFields {

  private static final byte[] CONTENT_LENGTH = lower("content-length");
  private static final byte[] TRANSFER_ENCODING = lower("transfer-encoding");
  private static final byte[] CONNECTION = lower("connection");
  private static final byte[] CONTENT_TYPE = lower("content-type");
  private static final byte[] SET_COOKIE = lower("set-cookie");

  boolean keepAlive;
  boolean chunked;
  long contentLength;
  String contentType;

  /** Before the first line of a head: HTTP/1.1 keeps the connection unless told otherwise. */
  void reset(boolean http11) {
    keepAlive = http11;
    chunked = false;
    contentLength = -1;
    contentType = null;
  }

  /** Reads the header line [start, end), end being its LF; false if it is malformed. */
  boolean read(byte[] head, int start, int end, ResponseParser.Listener listener) {
    if (end > start && head[end - 1] == '\r') {
      end--;
    }
    int colon = indexOf(head, start, end, (byte) ':');
    if (colon <= start) {
      return false;
    }
    int valueStart = colon + 1;
    while (valueStart < end && isSpace(head[valueStart])) {
      valueStart++;
    }
    int valueEnd = end;
    while (valueEnd > valueStart && isSpace(head[valueEnd - 1])) {
      valueEnd--;
    }
    int nameLength = colon - start;
    if (nameIs(head, start, nameLength, CONTENT_LENGTH)) {
      long length = decimal(head, valueStart, valueEnd);
      if (length < 0 || (contentLength >= 0 && contentLength != length)) {
        return false;
      }
      contentLength = length;
    } else if (nameIs(head, start, nameLength, TRANSFER_ENCODING)) {
      chunked = contains(head, valueStart, valueEnd, "chunked");
    } else if (nameIs(head, start, nameLength, CONNECTION)) {
      if (contains(head, valueStart, valueEnd, "close")) {
        keepAlive = false;
      } else if (contains(head, valueStart, valueEnd, "keep-alive")) {
        keepAlive = true;
      }
    } else if (nameIs(head, start, nameLength, CONTENT_TYPE)) {
      contentType = text(head, valueStart, valueEnd);
    } else if (nameIs(head, start, nameLength, SET_COOKIE)) {
      listener.setCookie(text(head, valueStart, valueEnd));
    }
    return true;
  }

  private static boolean nameIs(byte[] head, int start, int length, byte[] lowerName) {
    if (length != lowerName.length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      int c = head[start + i];
      if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != lowerName[i]) {
        return false;
      }
    }
    return true;
  }

  /** Case-insensitive search without building a string: runs on every response. */
  private static boolean contains(byte[] head, int start, int end, String lowerWord) {
    int length = lowerWord.length();
    for (int at = start; at <= end - length; at++) {
      int i = 0;
      while (i < length) {
        int c = head[at + i];
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

  private static long decimal(byte[] head, int start, int end) {
    if (start == end || end - start > 18) {
      return -1;
    }
    long value = 0;
    for (int i = start; i < end; i++) {
      int digit = head[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return value;
  }

  private static String text(byte[] head, int start, int end) {
    return new String(head, start, end - start, StandardCharsets.ISO_8859_1);
  }

  private static int indexOf(byte[] head, int start, int end, byte wanted) {
    for (int i = start; i < end; i++) {
      if (head[i] == wanted) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t';
  }

  private static byte[] lower(String name) {
    return name.getBytes(StandardCharsets.US_ASCII);
  }
}
