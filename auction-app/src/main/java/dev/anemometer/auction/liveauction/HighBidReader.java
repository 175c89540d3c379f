package dev.anemometer.auction.liveauction;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Reads of the live bidding state, outside any transaction (each is one statement). */
@Component
class HighBidReader {

  private final JdbcTemplate jdbc;

  HighBidReader(DataSource dataSource) {
    this.jdbc = new JdbcTemplate(dataSource);
  }

  /**
   * The bidding state of an item of an auction; empty when the item is not in that auction. An item
   * that was never active has no high_bid row: it reads as count 0 in the item's own state.
   */
  Optional<HighBidView> stateOf(long auctionId, long itemId) {
    return jdbc
        .query(
            """
            SELECT h.amount, h.bidder_id, COALESCE(h.bid_count, 0) AS bid_count,
                   COALESCE(h.state, i.state) AS state,
                   CAST(EXTRACT(EPOCH FROM GREATEST(h.last_bid_at, h.state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros
            FROM item i LEFT JOIN high_bid h ON h.item_id = i.id
            WHERE i.id = ? AND i.auction_id = ?
            """,
            (row, n) -> HighBidView.from(row),
            itemId,
            auctionId)
        .stream()
        .findFirst();
  }

  /** The high_bid rows of the given items, by item id. */
  Map<Long, HighBidView> currentStates(Set<Long> itemIds) {
    Map<Long, HighBidView> states = new HashMap<>();
    jdbc.query(
        "SELECT item_id, amount, bidder_id, bid_count, state, CAST(EXTRACT(EPOCH FROM GREATEST(last_bid_at, state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros"
            + " FROM high_bid WHERE item_id = ANY(?)",
        row -> {
          states.put(row.getLong("item_id"), HighBidView.from(row));
        },
        (Object) itemIds.toArray(Long[]::new));
    return states;
  }
}
