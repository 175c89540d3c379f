package dev.anemometer.auction.data;

import java.sql.SQLException;

/**
 * One unit of loading work: a range of one table, written by one worker through one COPY.
 *
 * @param description what the range is, for error messages
 * @param copySql the {@code COPY table (columns) FROM STDIN} statement
 * @param rows how many rows {@code source} writes
 * @param cost relative effort, so the most expensive chunks start first
 */
record CopyChunk(String description, String copySql, long rows, long cost, RowSource source) {

  /** Writes the chunk's rows. */
  @FunctionalInterface
  interface RowSource {
    void write(CopyWriter out) throws SQLException;
  }

  static String copy(String table, String columns) {
    return "COPY " + table + " (" + columns + ") FROM STDIN";
  }
}
