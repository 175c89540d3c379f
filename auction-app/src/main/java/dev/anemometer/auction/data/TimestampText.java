package dev.anemometer.auction.data;

import java.time.LocalDate;

/**
 * Formats UTC timestamps for COPY without {@code DateTimeFormatter}: the loader writes a few
 * million of them, and building the text from the epoch second directly costs a few nanoseconds.
 */
final class TimestampText {

  private static final long SECONDS_PER_DAY = 86_400;

  private TimestampText() {}

  /** Writes {@code yyyy-MM-dd HH:mm:ss+00} at {@code offset}; returns the offset after it. */
  static int write(long epochSecond, byte[] target, int offset) {
    long day = Math.floorDiv(epochSecond, SECONDS_PER_DAY);
    int secondOfDay = (int) Math.floorMod(epochSecond, SECONDS_PER_DAY);
    LocalDate date = LocalDate.ofEpochDay(day);
    offset = digits(date.getYear(), 4, target, offset);
    target[offset++] = '-';
    offset = digits(date.getMonthValue(), 2, target, offset);
    target[offset++] = '-';
    offset = digits(date.getDayOfMonth(), 2, target, offset);
    target[offset++] = ' ';
    offset = digits(secondOfDay / 3600, 2, target, offset);
    target[offset++] = ':';
    offset = digits(secondOfDay / 60 % 60, 2, target, offset);
    target[offset++] = ':';
    offset = digits(secondOfDay % 60, 2, target, offset);
    target[offset++] = '+';
    target[offset++] = '0';
    target[offset++] = '0';
    return offset;
  }

  private static int digits(int value, int count, byte[] target, int offset) {
    for (int i = offset + count - 1; i >= offset; i--) {
      target[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    return offset + count;
  }
}
