package dev.anemometer.auction.data;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * Puts the loaded live and future auctions back into their starting state: each live auction
 * RUNNING on its first item, ACTIVE and OPEN, all other items of those auctions LISTED without a
 * high_bid row (the live engine creates or resets an item's row when it activates the item). Used
 * at the end of a load and by reset, so both leave the same state.
 *
 * <p>The first items start as a running auction's current items would be found, so that a run's
 * load is steady from its first minute (decision 0005). An item's price climbs by about 2 % a bid
 * from its starting bid until the bidders' ceiling stops the bidding, over 35 to 230 bids, some
 * minutes to half an hour at the default load; in a steady state the current items are found
 * anywhere in that climb. Started all at their starting bid, every auction would be at the
 * beginning of its climb together: hardly an item would change in the first minutes (too few
 * GetCurrentItem) and every follower could still bid (too many GetNextBid), a mix drifting for the
 * length of an item's life. So each first item opens at a price spread as in the steady state
 * (log-uniformly between its starting bid and the ceiling, fixed per item so that every reset is
 * the same), without a bidder, and its clock waits for its first bid: no item closes before its
 * auction's followers arrive, however long the app servers take to start.
 */
final class LiveAuctions {

  /** The default behaviour's bidding ceiling ({@code bidding.maxPrice}): where a climb ends. */
  static final BigDecimal PRICE_CEILING = new BigDecimal("1000");

  /**
   * The opening price of a first item, over an {@code item} row: its starting bid times (ceiling /
   * starting bid)^u, u in [0, 1) drawn from its auction's id by the golden-ratio sequence, so that
   * the auctions of any prefix of the live list, which are those in play at a small load (users
   * join the first auctions of the list), are spread evenly over the climb; none when the starting
   * bid is at the ceiling already.
   */
  static final String OPENING_PRICE =
      """
      CASE WHEN starting_bid < %1$s THEN round(starting_bid
        * power(%1$s / starting_bid, (auction_id * 2654435761 %% 4294967296) / 4294967296.0), 2)
      END"""
          .formatted(PRICE_CEILING.toPlainString());

  private LiveAuctions() {}

  /** Returns how many live auctions were activated. */
  static int reactivate(Connection connection, DatasetLayout layout) throws SQLException {
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
            SELECT id, auction_id, %s, NULL, 0, 'OPEN', now(), NULL, now(), 'infinity'
            FROM item WHERE auction_id BETWEEN 1 AND ? AND position = 0
            """
                .formatted(OPENING_PRICE))) {
      insert.setLong(1, lastLive);
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
