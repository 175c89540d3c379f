package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.Optional;

/**
 * The dataset row: how many users the loaded data supports and the highest id of each table when
 * the load finished, so reset removes exactly what runs added. A row with {@code maxUsers == 0}
 * marks a load that started and never finished.
 */
record DatasetRecord(
    int maxUsers,
    Instant loadedAt,
    long userWatermark,
    long auctionWatermark,
    long itemWatermark,
    long bidWatermark,
    long attendanceWatermark,
    long imageWatermark,
    long contentWatermark) {

  private static final String UNDEFINED_TABLE = "42P01";

  boolean complete() {
    return maxUsers > 0;
  }

  /** The row, or empty when there is none or no schema yet. */
  static Optional<DatasetRecord> read(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT max_users, loaded_at, user_watermark, auction_watermark, item_watermark,"
                    + " bid_watermark, attendance_watermark, image_watermark, content_watermark"
                    + " FROM dataset WHERE id = 1")) {
      if (!row.next()) {
        return Optional.empty();
      }
      return Optional.of(
          new DatasetRecord(
              row.getInt(1),
              row.getTimestamp(2).toInstant(),
              row.getLong(3),
              row.getLong(4),
              row.getLong(5),
              row.getLong(6),
              row.getLong(7),
              row.getLong(8),
              row.getLong(9)));
    } catch (SQLException e) {
      if (UNDEFINED_TABLE.equals(e.getSQLState())) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /** The highest id of each table now, for a dataset of {@code maxUsers}. */
  static DatasetRecord measure(Connection connection, int maxUsers) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT now(),"
                    + " (SELECT coalesce(max(id), 0) FROM app_user),"
                    + " (SELECT coalesce(max(id), 0) FROM auction),"
                    + " (SELECT coalesce(max(id), 0) FROM item),"
                    + " (SELECT coalesce(max(id), 0) FROM bid),"
                    + " (SELECT coalesce(max(id), 0) FROM attendance),"
                    + " (SELECT coalesce(max(id), 0) FROM item_image),"
                    + " (SELECT coalesce(max(id), 0) FROM image_content)")) {
      row.next();
      return new DatasetRecord(
          maxUsers,
          row.getTimestamp(1).toInstant(),
          row.getLong(2),
          row.getLong(3),
          row.getLong(4),
          row.getLong(5),
          row.getLong(6),
          row.getLong(7),
          row.getLong(8));
    }
  }

  /** Marks a load as started; a crash leaves the mark so the next load asks for --force. */
  static void markLoadStarted(Connection connection) throws SQLException {
    new DatasetRecord(0, Instant.now(), 0, 0, 0, 0, 0, 0, 0).write(connection);
  }

  void write(Connection connection) throws SQLException {
    try (PreparedStatement upsert =
        connection.prepareStatement(
            """
            INSERT INTO dataset (id, max_users, loaded_at, user_watermark, auction_watermark,
                item_watermark, bid_watermark, attendance_watermark, image_watermark,
                content_watermark)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET max_users = excluded.max_users,
                loaded_at = excluded.loaded_at, user_watermark = excluded.user_watermark,
                auction_watermark = excluded.auction_watermark,
                item_watermark = excluded.item_watermark, bid_watermark = excluded.bid_watermark,
                attendance_watermark = excluded.attendance_watermark,
                image_watermark = excluded.image_watermark,
                content_watermark = excluded.content_watermark
            """)) {
      upsert.setInt(1, maxUsers);
      upsert.setTimestamp(2, java.sql.Timestamp.from(loadedAt));
      long[] watermarks = {
        userWatermark,
        auctionWatermark,
        itemWatermark,
        bidWatermark,
        attendanceWatermark,
        imageWatermark,
        contentWatermark
      };
      for (int i = 0; i < watermarks.length; i++) {
        upsert.setLong(i + 3, watermarks[i]);
      }
      upsert.executeUpdate();
    }
  }

  /** Moves each identity sequence past the loaded ids, so the application's inserts fit. */
  void advanceSequences(Connection connection) throws SQLException {
    String[] tables = {
      "app_user", "auction", "item", "bid", "attendance", "item_image", "image_content"
    };
    long[] watermarks = {
      userWatermark,
      auctionWatermark,
      itemWatermark,
      bidWatermark,
      attendanceWatermark,
      imageWatermark,
      contentWatermark
    };
    try (PreparedStatement setval =
        connection.prepareStatement(
            "SELECT setval(pg_get_serial_sequence(?, 'id'), greatest(?, 1), ? > 0)")) {
      for (int i = 0; i < tables.length; i++) {
        setval.setString(1, tables[i]);
        setval.setLong(2, watermarks[i]);
        setval.setLong(3, watermarks[i]);
        setval.execute();
      }
    }
  }
}
