package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Puts the loaded live and future auctions back into their starting state: each live auction
 * RUNNING on its first item, which is ACTIVE with a fresh OPEN high bid due after {@code
 * openDuration}; all other items of those auctions LISTED without a high_bid row. The live engine
 * creates (or resets) an item's high_bid row when it activates the item. Used at the end of a load
 * and by reset, so both leave the same state.
 */
final class LiveAuctions {

  private LiveAuctions() {}

  /** Returns how many live auctions were activated. */
  static int reactivate(Connection connection, DatasetLayout layout, Duration openDuration)
      throws SQLException {
    long lastLive = layout.liveAuctions();
    long firstFuture = layout.firstFutureAuctionId();
    long lastFuture = firstFuture + layout.futureAuctions() - 1;
    update(
        connection,
        "DELETE FROM high_bid WHERE item_id BETWEEN 1 AND ? OR item_id BETWEEN ? AND ?",
        layout.liveItems(),
        layout.firstFutureItemId(),
        layout.items());
    update(
        connection,
        """
        UPDATE item SET state = CASE WHEN position = 0 THEN 'ACTIVE' ELSE 'LISTED' END
        WHERE auction_id BETWEEN 1 AND ?
          AND state <> CASE WHEN position = 0 THEN 'ACTIVE' ELSE 'LISTED' END
        """,
        lastLive);
    update(
        connection,
        "UPDATE item SET state = 'LISTED' WHERE auction_id BETWEEN ? AND ? AND state <> 'LISTED'",
        firstFuture,
        lastFuture);
    int activated =
        update(
            connection,
            """
            UPDATE auction a SET state = 'RUNNING', end_time = NULL,
              current_item_id = (SELECT i.id FROM item i
                                 WHERE i.auction_id = a.id AND i.position = 0)
            WHERE a.id BETWEEN 1 AND ?
            """,
            lastLive);
    update(
        connection,
        """
        UPDATE auction SET state = 'FUTURE', end_time = NULL, current_item_id = NULL
        WHERE id BETWEEN ? AND ? AND (state <> 'FUTURE' OR current_item_id IS NOT NULL)
        """,
        firstFuture,
        lastFuture);
    try (PreparedStatement insert =
        connection.prepareStatement(
            """
            INSERT INTO high_bid (item_id, auction_id, amount, bidder_id, bid_count, state,
                                  opened_at, last_bid_at, state_changed_at, due_at)
            SELECT id, auction_id, NULL, NULL, 0, 'OPEN', now(), NULL, now(),
                   now() + make_interval(secs => ?)
            FROM item WHERE auction_id BETWEEN 1 AND ? AND position = 0
            """)) {
      insert.setDouble(1, openDuration.toMillis() / 1000.0);
      insert.setLong(2, lastLive);
      insert.executeUpdate();
    }
    return activated;
  }

  private static int update(Connection connection, String sql, long... parameters)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setLong(i + 1, parameters[i]);
      }
      return statement.executeUpdate();
    }
  }
}
