package dev.anemometer.driver.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * An HTTP/1.1 response parser that looks only at what the driver needs (status, framing,
 * keep-alive, content type, cookies) and hands body bytes over without copying them into
 * intermediate objects. Netty's general decoder builds a header map with a string per header for
 * every response, which a load generator pays for on each of millions of requests.
 *
 * <p>Bytes of an incomplete status line, header block or chunk-size line are kept until the rest
 * arrives; body bytes are passed on as they come.
 */
final class ResponseParser {

  /** Receives the parts of each response. A {@code false} return stops parsing for good. */
  interface Listener {
    void setCookie(String headerValue);

    boolean head(int status, String contentType, long contentLength, boolean keepAlive);

    boolean body(ByteBuf bytes);

    void end();
  }

  /** What {@link #feed} found. */
  enum Outcome {
    OK,
    MALFORMED,
    STOPPED
  }

  static final int MAX_HEAD_BYTES = 64 * 1024;

  private enum State {
    HEAD,
    FIXED_BODY,
    CHUNK_SIZE,
    CHUNK_DATA,
    CHUNK_END,
    TRAILERS,
    UNTIL_CLOSE,
    DONE
  }

  private final HeadFields fields = new HeadFields();
  private State state = State.HEAD;
  private long remaining;
  private ByteBuf pending;

  /** Parses {@code in} (not released here) as far as it goes. */
  Outcome feed(ByteBuf in, Listener listener) {
    if (state == State.DONE) {
      return Outcome.STOPPED;
    }
    ByteBuf buf = in;
    if (pending != null && pending.isReadable()) {
      pending.writeBytes(in);
      buf = pending;
    }
    Outcome outcome = parse(buf, listener);
    if (outcome != Outcome.OK) {
      state = State.DONE;
      return outcome;
    }
    if (buf.isReadable()) {
      if (buf != pending) {
        if (pending == null) {
          pending = Unpooled.buffer(256);
        }
        pending.writeBytes(buf);
      } else {
        pending.discardReadBytes();
      }
      if (pending.readableBytes() > MAX_HEAD_BYTES) {
        state = State.DONE;
        return Outcome.MALFORMED;
      }
    } else if (buf == pending) {
      pending.clear();
    }
    return Outcome.OK;
  }

  /** The connection ended; true when that completed a body delimited by the close. */
  boolean endOfInput(Listener listener) {
    if (state != State.UNTIL_CLOSE) {
      return false;
    }
    state = State.DONE;
    listener.end();
    return true;
  }

  /** Between responses, with no partial one buffered. */
  boolean isIdle() {
    return state == State.HEAD && (pending == null || !pending.isReadable());
  }

  void release() {
    state = State.DONE;
    if (pending != null) {
      pending.release();
      pending = null;
    }
  }

  private Outcome parse(ByteBuf buf, Listener listener) {
    while (buf.isReadable()) {
      Outcome outcome =
          switch (state) {
            case HEAD -> parseHead(buf, listener);
            case FIXED_BODY, CHUNK_DATA, UNTIL_CLOSE -> passBody(buf, listener);
            case CHUNK_SIZE -> parseChunkSize(buf);
            case CHUNK_END -> parseChunkEnd(buf);
            case TRAILERS -> parseTrailerLine(buf, listener);
            case DONE -> Outcome.STOPPED;
          };
      if (outcome == null) {
        return Outcome.OK; // needs more bytes
      }
      if (outcome != Outcome.OK) {
        return outcome;
      }
    }
    return Outcome.OK;
  }

  private Outcome parseHead(ByteBuf buf, Listener listener) {
    HeadCopy head = HeadCopy.ofThisThread();
    if (!head.copy(buf, MAX_HEAD_BYTES)) {
      return null;
    }
    byte[] bytes = head.bytes();
    // Status line: "HTTP/1.x SSS reason"
    if (head.lines() == 0 || head.lineEnd(0) < 12 || !startsWithHttp1(bytes) || bytes[8] != ' ') {
      return Outcome.MALFORMED;
    }
    boolean http11 = bytes[7] == '1';
    int status = digits(bytes, 9, 3);
    if (status < 100) {
      return Outcome.MALFORMED;
    }
    fields.reset(http11);
    for (int line = 1; line < head.lines(); line++) {
      if (!fields.read(bytes, head.lineStart(line), head.lineEnd(line), listener)) {
        return Outcome.MALFORMED;
      }
    }
    buf.skipBytes(head.length());
    if (status < 200 && status != 101) {
      return Outcome.OK; // an interim response: the real one follows
    }
    boolean noBody = status == 204 || status == 304;
    long contentLength = noBody ? 0 : fields.chunked ? -1 : fields.contentLength;
    boolean keepAlive = fields.keepAlive && (contentLength >= 0 || fields.chunked);
    if (!listener.head(status, fields.contentType, contentLength, keepAlive)) {
      return Outcome.STOPPED;
    }
    if (contentLength == 0) {
      listener.end();
    } else if (fields.chunked) {
      state = State.CHUNK_SIZE;
    } else if (contentLength > 0) {
      state = State.FIXED_BODY;
      remaining = contentLength;
    } else {
      state = State.UNTIL_CLOSE;
    }
    return Outcome.OK;
  }

  private Outcome passBody(ByteBuf buf, Listener listener) {
    int count =
        state == State.UNTIL_CLOSE
            ? buf.readableBytes()
            : (int) Math.min(remaining, buf.readableBytes());
    if (!listener.body(buf.readSlice(count))) {
      return Outcome.STOPPED;
    }
    if (state == State.UNTIL_CLOSE) {
      return Outcome.OK;
    }
    remaining -= count;
    if (remaining == 0) {
      if (state == State.CHUNK_DATA) {
        state = State.CHUNK_END;
      } else {
        state = State.HEAD;
        listener.end();
      }
    }
    return Outcome.OK;
  }

  private Outcome parseChunkSize(ByteBuf buf) {
    int lineEnd = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) '\n');
    if (lineEnd < 0) {
      return buf.readableBytes() > 1024 ? Outcome.MALFORMED : null;
    }
    long size = 0;
    int digitsSeen = 0;
    for (int i = buf.readerIndex(); i < lineEnd; i++) {
      int digit = Character.digit(buf.getByte(i), 16);
      if (digit < 0) {
        break; // a chunk extension (";...") or the CR
      }
      size = size * 16 + digit;
      if (++digitsSeen > 15) {
        return Outcome.MALFORMED;
      }
    }
    if (digitsSeen == 0) {
      return Outcome.MALFORMED;
    }
    buf.readerIndex(lineEnd + 1);
    state = size == 0 ? State.TRAILERS : State.CHUNK_DATA;
    remaining = size;
    return Outcome.OK;
  }

  private Outcome parseChunkEnd(ByteBuf buf) {
    if (buf.readableBytes() < 2) {
      return null;
    }
    if (buf.readByte() != '\r' || buf.readByte() != '\n') {
      return Outcome.MALFORMED;
    }
    state = State.CHUNK_SIZE;
    return Outcome.OK;
  }

  private Outcome parseTrailerLine(ByteBuf buf, Listener listener) {
    int lineEnd = buf.indexOf(buf.readerIndex(), buf.writerIndex(), (byte) '\n');
    if (lineEnd < 0) {
      return null;
    }
    boolean empty = lineEnd - buf.readerIndex() <= 1;
    buf.readerIndex(lineEnd + 1);
    if (empty) {
      state = State.HEAD;
      listener.end();
    }
    return Outcome.OK;
  }

  private static boolean startsWithHttp1(byte[] head) {
    return head[0] == 'H'
        && head[1] == 'T'
        && head[2] == 'T'
        && head[3] == 'P'
        && head[4] == '/'
        && head[5] == '1'
        && head[6] == '.';
  }

  private static int digits(byte[] head, int at, int count) {
    int value = 0;
    for (int i = at; i < at + count; i++) {
      int digit = head[i] - '0';
      if (digit < 0 || digit > 9) {
        return -1;
      }
      value = value * 10 + digit;
    }
    return value;
  }
}
