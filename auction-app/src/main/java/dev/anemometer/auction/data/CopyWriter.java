package dev.anemometer.auction.data;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import org.postgresql.copy.CopyIn;

/**
 * Streams rows into one {@code COPY ... FROM STDIN} in PostgreSQL's text format, through a small
 * byte buffer: no row or table is ever held as a string, so a load of millions of rows needs a few
 * kilobytes per worker. Generated text is ASCII almost always, so it is written byte by byte and
 * only escaped where the COPY text format demands it.
 */
final class CopyWriter {

  private static final int BUFFER_BYTES = 64 * 1024;
  private static final int PROGRESS_EVERY_ROWS = 1024;
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  private final CopyIn copy;
  private final LongAdder rowsWritten;
  private final byte[] buffer = new byte[BUFFER_BYTES];
  private int length;
  private boolean firstField = true;
  private int unreportedRows;

  CopyWriter(CopyIn copy, LongAdder rowsWritten) {
    this.copy = copy;
    this.rowsWritten = rowsWritten;
  }

  CopyWriter number(long value) throws SQLException {
    separate();
    if (value < 0) {
      put((byte) '-');
      value = -value;
    }
    putDigits(value, 1);
    return this;
  }

  /** A NUMERIC(…, 2) column from an amount in cents. */
  CopyWriter cents(long amountCents) throws SQLException {
    separate();
    putDigits(amountCents / 100, 1);
    put((byte) '.');
    putDigits(amountCents % 100, 2);
    return this;
  }

  /** A TIMESTAMPTZ column from seconds since the epoch, in UTC. */
  CopyWriter timestamp(long epochSecond) throws SQLException {
    separate();
    ensure(32);
    length = TimestampText.write(epochSecond, buffer, length);
    return this;
  }

  CopyWriter text(String value) throws SQLException {
    separate();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 0x80) {
        putEscaped(value.substring(i).getBytes(StandardCharsets.UTF_8));
        return this;
      }
      putEscapedByte((byte) c);
    }
    return this;
  }

  /** A BYTEA column in hex form; the backslash of {@code \x} is itself escaped for COPY. */
  CopyWriter bytes(byte[] value) throws SQLException {
    separate();
    put((byte) '\\');
    put((byte) '\\');
    put((byte) 'x');
    for (byte b : value) {
      ensure(2);
      buffer[length++] = HEX[(b >> 4) & 0xf];
      buffer[length++] = HEX[b & 0xf];
    }
    return this;
  }

  CopyWriter nullValue() throws SQLException {
    separate();
    put((byte) '\\');
    put((byte) 'N');
    return this;
  }

  void endRow() throws SQLException {
    put((byte) '\n');
    firstField = true;
    if (++unreportedRows == PROGRESS_EVERY_ROWS) {
      rowsWritten.add(unreportedRows);
      unreportedRows = 0;
    }
  }

  /** Sends what is buffered and ends the COPY; returns the rows the server stored. */
  long finish() throws SQLException {
    flush();
    rowsWritten.add(unreportedRows);
    unreportedRows = 0;
    return copy.endCopy();
  }

  void cancel() {
    try {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    } catch (SQLException ignored) {
      // the connection is being abandoned anyway; the original failure is what matters
    }
  }

  private void separate() throws SQLException {
    if (!firstField) {
      put((byte) '\t');
    }
    firstField = false;
  }

  private void putDigits(long value, int minDigits) throws SQLException {
    ensure(20);
    int digits = 1;
    for (long rest = value / 10; rest > 0; rest /= 10) {
      digits++;
    }
    digits = Math.max(digits, minDigits);
    for (int i = length + digits - 1; i >= length; i--) {
      buffer[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    length += digits;
  }

  private void putEscaped(byte[] utf8) throws SQLException {
    for (byte b : utf8) {
      putEscapedByte(b);
    }
  }

  private void putEscapedByte(byte b) throws SQLException {
    switch (b) {
      case '\\' -> {
        put((byte) '\\');
        put((byte) '\\');
      }
      case '\t' -> {
        put((byte) '\\');
        put((byte) 't');
      }
      case '\n' -> {
        put((byte) '\\');
        put((byte) 'n');
      }
      case '\r' -> {
        put((byte) '\\');
        put((byte) 'r');
      }
      default -> put(b);
    }
  }

  private void put(byte b) throws SQLException {
    ensure(1);
    buffer[length++] = b;
  }

  private void ensure(int bytes) throws SQLException {
    if (length + bytes > buffer.length) {
      flush();
    }
  }

  private void flush() throws SQLException {
    if (length > 0) {
      copy.writeToCopy(buffer, 0, length);
      length = 0;
    }
  }
}
