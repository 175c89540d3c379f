package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.LongAdder;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/** Streams one chunk through {@code COPY FROM STDIN} on the worker's connection. */
final class BulkCopy {

  private BulkCopy() {}

  static void copy(Connection connection, CopyChunk chunk, LongAdder rowsWritten)
      throws SQLException {
    CopyIn copyIn = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(chunk.copySql());
    CopyWriter writer = new CopyWriter(copyIn, rowsWritten);
    long stored;
    try {
      chunk.source().write(writer);
      stored = writer.finish();
    } catch (SQLException | RuntimeException e) {
      writer.cancel();
      throw new SQLException("COPY of " + chunk.description() + " failed: " + e.getMessage(), e);
    }
    if (stored != chunk.rows()) {
      throw new SQLException(
          "COPY of " + chunk.description() + " stored " + stored + " rows, not " + chunk.rows());
    }
  }
}
