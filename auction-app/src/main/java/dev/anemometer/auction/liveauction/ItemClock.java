package dev.anemometer.auction.liveauction;

import static dev.anemometer.auction.liveauction.HighBidStates.LAST_CALL;
import static dev.anemometer.auction.liveauction.HighBidStates.OPEN;
import static dev.anemometer.auction.liveauction.HighBidStates.SOLD;
import static dev.anemometer.auction.liveauction.HighBidStates.UNSOLD;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The item clock, shared by all app servers without a leader: each tick claims the due high_bid
 * rows with {@code FOR UPDATE SKIP LOCKED} and moves them on in the same transaction, so a row is
 * moved by exactly one server and a server that dies mid-tick leaves its rows to the others. Due
 * times are database times ({@code now()}), so servers with skewed clocks agree.
 */
@Component
class ItemClock {

  private final JdbcTemplate jdbc;
  private final TransactionTemplate tx;
  private final AuctionSequencer sequencer;
  private final HighBidNotifier notifier;
  private final LiveAuctionProperties properties;
  private final Counter toLastCall;
  private final Counter toSold;
  private final Counter toUnsold;

  ItemClock(
      DataSource dataSource,
      AuctionSequencer sequencer,
      HighBidNotifier notifier,
      LiveAuctionProperties properties,
      MeterRegistry meters) {
    this.jdbc = new JdbcTemplate(dataSource);
    this.tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    this.sequencer = sequencer;
    this.notifier = notifier;
    this.properties = properties;
    this.toLastCall = transitions(meters, LAST_CALL);
    this.toSold = transitions(meters, SOLD);
    this.toUnsold = transitions(meters, UNSOLD);
  }

  /**
   * Moves on the items that are due, one batch per transaction, until none is left.
   *
   * @return how many transitions this call made
   */
  int tick() {
    int total = 0;
    int claimed;
    do {
      claimed = tx.execute(status -> advanceDueBatch());
      total += claimed;
    } while (claimed == properties.clockBatchSize());
    return total;
  }

  private int advanceDueBatch() {
    List<DueItem> due =
        jdbc.query(
            """
            SELECT item_id, auction_id, state, amount, bidder_id FROM high_bid
            WHERE due_at <= now() ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED
            """,
            (row, n) ->
                new DueItem(
                    row.getLong("item_id"),
                    row.getLong("auction_id"),
                    row.getString("state"),
                    row.getBigDecimal("amount"),
                    (Long) row.getObject("bidder_id", Long.class)),
            properties.clockBatchSize());
    for (DueItem item : due) {
      advance(item);
    }
    return due.size();
  }

  private void advance(DueItem item) {
    if (OPEN.equals(item.state())) {
      HighBidView view =
          changeState(item.itemId(), LAST_CALL, properties.lastCallDuration().toMillis());
      notifier.changed(item.itemId(), view);
      toLastCall.increment();
    } else if (LAST_CALL.equals(item.state())) {
      close(item);
    } else {
      // A final row with a due time (written by hand or by an older version): just disarm it.
      jdbc.update("UPDATE high_bid SET due_at = NULL WHERE item_id = ?", item.itemId());
    }
  }

  private void close(DueItem item) {
    boolean sold = item.bidderId() != null;
    String finalState = sold ? SOLD : UNSOLD;
    HighBidView view = changeState(item.itemId(), finalState, null);
    jdbc.update("UPDATE item SET state = ? WHERE id = ?", finalState, item.itemId());
    if (sold) {
      jdbc.update(
          "UPDATE app_user SET credit_limit = credit_limit - ? WHERE id = ?",
          item.amount(),
          item.bidderId());
      toSold.increment();
    } else {
      toUnsold.increment();
    }
    notifier.changed(item.itemId(), view);
    sequencer.activateNext(item.auctionId(), item.itemId());
  }

  private HighBidView changeState(long itemId, String state, Long dueInMillis) {
    return jdbc.queryForObject(
        """
        UPDATE high_bid SET state = ?, bid_count = bid_count + 1, state_changed_at = now(),
               due_at = now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond'
        WHERE item_id = ?
        RETURNING amount, bidder_id, bid_count, state,
                  CAST(EXTRACT(EPOCH FROM GREATEST(last_bid_at, state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros
        """,
        (row, n) -> HighBidView.from(row),
        state,
        dueInMillis,
        itemId);
  }

  private static Counter transitions(MeterRegistry meters, String to) {
    return Counter.builder("anemometer.liveauction.transitions")
        .description("item clock transitions made by this server")
        .tag("to", to)
        .register(meters);
  }

  private record DueItem(
      long itemId, long auctionId, String state, BigDecimal amount, Long bidderId) {}
}
