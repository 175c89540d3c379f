package dev.anemometer.auction.bid;

import dev.anemometer.auction.liveauction.HighBidView;
import java.math.BigDecimal;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;

/** The SQL of judging a bid; every method runs in the caller's transaction. */
final class BidStatements {

  private final JdbcTemplate jdbc;

  BidStatements(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** What the bid is judged against, read without locks; the conditional update re-checks. */
  record Context(
      String auctionState, BigDecimal startingBid, BigDecimal creditLimit, HighBidView highBid) {}

  Optional<Context> context(long auctionId, long itemId, long bidderId) {
    return jdbc
        .query(
            """
            SELECT a.state AS auction_state, i.starting_bid,
                   (SELECT u.credit_limit FROM app_user u WHERE u.id = ?) AS credit_limit,
                   h.item_id AS high_bid_item, h.amount, h.bidder_id, h.bid_count, h.state,
                   CAST(EXTRACT(EPOCH FROM GREATEST(h.last_bid_at, h.state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros
            FROM item i
            JOIN auction a ON a.id = i.auction_id
            LEFT JOIN high_bid h ON h.item_id = i.id
            WHERE i.id = ? AND i.auction_id = ?
            """,
            (row, n) -> {
              row.getLong("high_bid_item");
              HighBidView highBid = row.wasNull() ? null : HighBidView.from(row);
              return new Context(
                  row.getString("auction_state"),
                  row.getBigDecimal("starting_bid"),
                  row.getBigDecimal("credit_limit"),
                  highBid);
            },
            bidderId,
            itemId,
            auctionId)
        .stream()
        .findFirst();
  }

  /**
   * Makes the bid the item's high bid if the item is live and the bid is higher than the current
   * one. PostgreSQL re-evaluates the condition on the newest row version after waiting for a
   * concurrent bid, so of two racing bids only a higher one can win. A bid during LAST_CALL
   * re-opens the item; every new high bid restarts the open period.
   */
  Optional<HighBidView> raise(long itemId, long bidderId, BigDecimal amount, long openMillis) {
    return jdbc
        .query(
            """
            UPDATE high_bid SET amount = ?, bidder_id = ?, bid_count = bid_count + 1,
                   state = 'OPEN', last_bid_at = now(),
                   state_changed_at = CASE WHEN state = 'OPEN' THEN state_changed_at
                                           ELSE now() END,
                   due_at = now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond'
            WHERE item_id = ? AND state IN ('OPEN', 'LAST_CALL')
              AND (amount IS NULL OR amount < ?)
            RETURNING amount, bidder_id, bid_count, state,
                  CAST(EXTRACT(EPOCH FROM GREATEST(last_bid_at, state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros
            """,
            (row, n) -> HighBidView.from(row),
            amount,
            bidderId,
            openMillis,
            itemId,
            amount)
        .stream()
        .findFirst();
  }

  Optional<HighBidView> highBid(long itemId) {
    return jdbc
        .query(
            "SELECT amount, bidder_id, bid_count, state, CAST(EXTRACT(EPOCH FROM GREATEST(last_bid_at, state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros"
                + " FROM high_bid WHERE item_id = ?",
            (row, n) -> HighBidView.from(row),
            itemId)
        .stream()
        .findFirst();
  }

  long store(long itemId, long auctionId, long bidderId, BigDecimal amount, BidOutcome outcome) {
    Long id =
        jdbc.queryForObject(
            """
            INSERT INTO bid (item_id, auction_id, bidder_id, amount, outcome)
            VALUES (?, ?, ?, ?, ?) RETURNING id
            """,
            Long.class,
            itemId,
            auctionId,
            bidderId,
            amount,
            outcome.name());
    return id == null ? 0 : id;
  }
}
