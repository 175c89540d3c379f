package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * A response head copied out of the socket's buffer into a plain array, where finding its lines is
 * a tight loop the JIT compiles without bounds checks per byte or calls through the buffer's
 * abstraction. One copy per thread: a head is parsed to its end before the thread reads anything
 * else, so the event loop's connections can share it.
 *
 * <p>The copy grows in windows until the blank line that ends the head is in it, so a body that
 * came in the same read is not copied along.
 */
final class HeadCopy {

  private static final int FIRST_WINDOW = 512;
  private static final FastThreadLocal<HeadCopy> PER_THREAD =
      new FastThreadLocal<>() {
        @Override
        protected HeadCopy initialValue() {
          return new HeadCopy();
        }
      };

  private byte[] bytes = new byte[FIRST_WINDOW];
  private int[] lineEnds = new int[32];
  private int lines;
  private int headLength;

  static HeadCopy ofThisThread() {
    return PER_THREAD.get();
  }

  /**
   * Copies the head at the start of {@code buf}'s readable bytes (the reader index is not moved)
   * and finds its lines; false when its blank line has not arrived yet, or not within {@code
   * maxBytes}. A head may have no lines before its blank one: {@link #lines()} is then 0.
   */
  boolean copy(ByteBuf buf, int maxBytes) {
    int start = buf.readerIndex();
    int available = Math.min(buf.readableBytes(), maxBytes);
    int copied = 0;
    lines = 0;
    int lineStart = 0;
    while (copied < available) {
      int window = Math.min(available, Math.max(FIRST_WINDOW, copied * 2));
      if (window > bytes.length) {
        byte[] larger = new byte[window];
        System.arraycopy(bytes, 0, larger, 0, copied);
        bytes = larger;
      }
      buf.getBytes(start + copied, bytes, copied, window - copied);
      for (int i = copied; i < window; i++) {
        if (bytes[i] != '\n') {
          continue;
        }
        if (i == lineStart || (i == lineStart + 1 && bytes[lineStart] == '\r')) {
          headLength = i + 1;
          return true;
        }
        addLine(i);
        lineStart = i + 1;
      }
      copied = window;
    }
    return false;
  }

  byte[] bytes() {
    return bytes;
  }

  /** Lines before the blank one, the status line first. */
  int lines() {
    return lines;
  }

  /** Index of line {@code line}'s LF; the line starts just past the previous one's. */
  int lineEnd(int line) {
    return lineEnds[line];
  }

  int lineStart(int line) {
    return line == 0 ? 0 : lineEnds[line - 1] + 1;
  }

  /** Bytes of the head including its blank line. */
  int length() {
    return headLength;
  }

  private void addLine(int lineFeed) {
    if (lines == lineEnds.length) {
      int[] larger = new int[lines * 2];
      System.arraycopy(lineEnds, 0, larger, 0, lines);
      lineEnds = larger;
    }
    lineEnds[lines++] = lineFeed;
  }
}
