package dev.anemometer.auction.liveauction;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The live state of bidding on one item as clients see it. {@code bidCount} grows with every
 * accepted bid and every clock transition, so a client that knows a count can wait for a newer one.
 *
 * @param amount the current high bid, null before the first one
 * @param bidderId who holds it, null before the first bid
 * @param bidCount accepted bids plus state changes so far
 * @param state OPEN, LAST_CALL, SOLD or UNSOLD
 * @param changedAtMicros when the change that made {@code bidCount} committed (the bid accepted,
 *     the item opened or its state moved), in microseconds since the epoch on PostgreSQL's clock,
 *     the one clock every app server shares; 0 when unknown. Drivers measure from it how late
 *     followers learn of a change.
 */
public record HighBidView(
    BigDecimal amount, Long bidderId, int bidCount, String state, long changedAtMicros) {

  public HighBidView(BigDecimal amount, Long bidderId, int bidCount, String state) {
    this(amount, bidderId, bidCount, state, 0);
  }

  /**
   * Reads the columns {@code amount, bidder_id, bid_count, state, changed_at_micros} of the current
   * row.
   */
  public static HighBidView from(ResultSet row) throws SQLException {
    long bidder = row.getLong("bidder_id");
    Long bidderId = row.wasNull() ? null : bidder;
    return new HighBidView(
        row.getBigDecimal("amount"),
        bidderId,
        row.getInt("bid_count"),
        row.getString("state"),
        row.getLong("changed_at_micros"));
  }

  @JsonIgnore // derived, not part of the wire format
  public boolean isLive() {
    return HighBidStates.isLive(state);
  }
}
