package dev.anemometer.auction.data;

import static dev.anemometer.auction.data.SqlUpdates.update;

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
 * length of an item's life. So each first item opens with the climb left that a steady state finds
 * ({@link RemainingClimb}: long climbs are found more often than short ones), so that items close
 * at the steady rate from the start and on, without a bidder; and its clock waits for its first
 * bid: no item closes before its auction's followers arrive, however long the app servers take to
 * start.
 */
final class LiveAuctions {

  /** The default behaviour's bidding ceiling ({@code bidding.maxPrice}): where a climb ends. */
  static final BigDecimal PRICE_CEILING = new BigDecimal("1000");

  /** How finely the steady state's remaining climb is tabled: one entry per 0.1 % of draws. */
  static final int REMAINING_CLIMB_QUANTILES = 1000;

  /**
   * The quantiles of a steady state's remaining climb in log-price units, for the dataset's
   * starting bids and this ceiling.
   */
  static final double[] REMAINING_CLIMBS =
      RemainingClimb.residualQuantiles(
          RemainingClimb.climbs(
              PRICE_CEILING,
              DatasetFacts.LOWEST_STARTING_BID_DOLLARS,
              DatasetFacts.HIGHEST_STARTING_BID_DOLLARS),
          REMAINING_CLIMB_QUANTILES);

  /**
   * The rank u in [0, 1) of an item's own climb among the dataset's, over an {@code item} row: the
   * middle of its starting bid's slice, counted from the highest starting bid (the shortest climb).
   */
  static final String CLIMB_RANK =
      "(%d.5 - starting_bid) / %d"
          .formatted(
              DatasetFacts.HIGHEST_STARTING_BID_DOLLARS,
              DatasetFacts.HIGHEST_STARTING_BID_DOLLARS
                  - DatasetFacts.LOWEST_STARTING_BID_DOLLARS
                  + 1);

  /**
   * The opening price of a first item, over an {@code item} row: ceiling / e^R, R the remaining
   * climb at the same rank in the steady state's distribution as the item's own climb in the
   * dataset's ({@link #CLIMB_RANK}). Every remaining climb at a rank is shorter than the whole
   * climb at that rank, so no item opens below its starting bid (a cap at the item's own climb
   * would bring back early closures, decision 0005), and the first items' remaining climbs have
   * exactly the steady state's distribution: an equilibrium renewal process from the first minute.
   * The same starting bid gives the same price on every reset. None when the starting bid is at the
   * ceiling already; {@code greatest} and the rank's clamp only guard against items from outside
   * the dataset's range.
   */
  static final String OPENING_PRICE =
      """
      CASE WHEN starting_bid < %1$s THEN greatest(starting_bid,
        round((%1$s * exp(-(%2$s)[1 + least(%4$d - 1, greatest(0, floor(%3$s * %4$d)))::int]))
          ::numeric, 2))
      END"""
          .formatted(
              PRICE_CEILING.toPlainString(),
              RemainingClimb.sqlArray(REMAINING_CLIMBS),
              CLIMB_RANK,
              REMAINING_CLIMB_QUANTILES);

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
}
