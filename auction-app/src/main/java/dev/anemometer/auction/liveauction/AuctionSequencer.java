package dev.anemometer.auction.liveauction;

import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Which item of a RUNNING auction is ACTIVE. Items are sold in (position, id) order; after the last
 * one the auction starts again from its first, so the load of a run stays steady.
 *
 * <p>Every change here runs with the auction row locked, so two servers never activate two items of
 * one auction.
 */
@Component
class AuctionSequencer {

  private final JdbcTemplate jdbc;
  private final TransactionTemplate tx;
  private final HighBidNotifier notifier;
  private final LiveAuctionProperties properties;

  AuctionSequencer(
      DataSource dataSource, HighBidNotifier notifier, LiveAuctionProperties properties) {
    this.jdbc = new JdbcTemplate(dataSource);
    this.tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    this.notifier = notifier;
    this.properties = properties;
  }

  /**
   * Activates the item after {@code closedItemId}, or restarts the auction from its first item.
   * Runs inside the caller's transaction, the one that closed the item.
   */
  void activateNext(long auctionId, long closedItemId) {
    if (!lockRunning(auctionId)) {
      return;
    }
    Optional<Long> next =
        firstItem(
            """
            SELECT n.id FROM item n JOIN item c ON c.id = ?
            WHERE n.auction_id = ? AND (n.position, n.id) > (c.position, c.id)
            ORDER BY n.position, n.id LIMIT 1
            """,
            closedItemId,
            auctionId);
    if (next.isEmpty()) {
      jdbc.update(
          "UPDATE item SET state = 'LISTED' WHERE auction_id = ? AND state <> 'LISTED'", auctionId);
      next = firstItem(auctionId);
    }
    next.ifPresent(itemId -> activate(auctionId, itemId));
  }

  /**
   * Gives every RUNNING auction that has no live item one, and arms live items that have no due
   * time. The data loader creates running auctions with their current item; this makes the engine
   * robust when one is missing or was left behind by a crashed server.
   *
   * @return how many auctions got an item activated
   */
  int repair() {
    jdbc.update(
        """
        UPDATE high_bid SET due_at = now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond'
        WHERE state IN ('OPEN', 'LAST_CALL') AND due_at IS NULL
        """,
        properties.openDuration().toMillis());
    Integer repaired = tx.execute(status -> repairIdleAuctions());
    return repaired == null ? 0 : repaired;
  }

  private int repairIdleAuctions() {
    List<Long> idle =
        jdbc.queryForList(
            """
            SELECT a.id FROM auction a
            WHERE a.state = 'RUNNING' AND NOT EXISTS (
              SELECT 1 FROM high_bid h
              WHERE h.auction_id = a.id AND h.state IN ('OPEN', 'LAST_CALL'))
            ORDER BY a.id LIMIT ? FOR NO KEY UPDATE OF a SKIP LOCKED
            """,
            Long.class,
            properties.clockBatchSize());
    int repaired = 0;
    for (long auctionId : idle) {
      if (hasLiveItem(auctionId)) {
        continue; // another server fixed it between our snapshot and our lock
      }
      Optional<Long> item =
          firstItem(
              """
              SELECT id FROM item WHERE auction_id = ?
              ORDER BY (state = 'ACTIVE') DESC, position, id LIMIT 1
              """,
              auctionId);
      if (item.isPresent()) {
        jdbc.update(
            "UPDATE item SET state = 'LISTED' WHERE auction_id = ? AND state = 'ACTIVE'",
            auctionId);
        activate(auctionId, item.get());
        repaired++;
      }
    }
    return repaired;
  }

  private void activate(long auctionId, long itemId) {
    jdbc.update("UPDATE item SET state = 'ACTIVE' WHERE id = ?", itemId);
    jdbc.update("UPDATE auction SET current_item_id = ? WHERE id = ?", itemId, auctionId);
    // A fresh OPEN row. The count continues from the item's previous round (never goes back),
    // and activation itself counts as a change, so polls on the item wake.
    HighBidView view =
        jdbc.queryForObject(
            """
            INSERT INTO high_bid (item_id, auction_id, amount, bidder_id, bid_count, state,
                                  opened_at, last_bid_at, state_changed_at, due_at)
            VALUES (?, ?, NULL, NULL, 1, 'OPEN', now(), NULL, now(),
                    now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond')
            ON CONFLICT (item_id) DO UPDATE SET
              auction_id = EXCLUDED.auction_id, amount = NULL, bidder_id = NULL,
              bid_count = high_bid.bid_count + 1, state = 'OPEN', opened_at = now(),
              last_bid_at = NULL, state_changed_at = now(), due_at = EXCLUDED.due_at
            RETURNING amount, bidder_id, bid_count, state,
                  CAST(EXTRACT(EPOCH FROM GREATEST(last_bid_at, state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros
            """,
            (row, n) -> HighBidView.from(row),
            itemId,
            auctionId,
            properties.openDuration().toMillis());
    notifier.changed(itemId, view);
  }

  private boolean lockRunning(long auctionId) {
    List<String> state =
        jdbc.queryForList(
            "SELECT state FROM auction WHERE id = ? FOR NO KEY UPDATE", String.class, auctionId);
    return state.size() == 1 && "RUNNING".equals(state.get(0));
  }

  private boolean hasLiveItem(long auctionId) {
    return Boolean.TRUE.equals(
        jdbc.queryForObject(
            """
            SELECT EXISTS (SELECT 1 FROM high_bid
                           WHERE auction_id = ? AND state IN ('OPEN', 'LAST_CALL'))
            """,
            Boolean.class,
            auctionId));
  }

  private Optional<Long> firstItem(long auctionId) {
    return firstItem(
        "SELECT id FROM item WHERE auction_id = ? ORDER BY position, id LIMIT 1", auctionId);
  }

  private Optional<Long> firstItem(String sql, Object... args) {
    return jdbc.queryForList(sql, Long.class, args).stream().findFirst();
  }
}
