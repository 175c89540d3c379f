package dev.anemometer.auction.liveauction;

import java.math.BigDecimal;

/**
 * One change of an item's high bid as it travels between app servers on the NOTIFY channel. The
 * payload carries the whole view, so waking thousands of parked polls costs no database read.
 * Format: {@code itemId:bidCount:state:amount:bidderId:changedAtMicros}, amount and bidder empty
 * when absent; a payload of a server without the last field reads as changed at 0 (unknown).
 */
record HighBidChange(long itemId, HighBidView view) {

  static final String CHANNEL = "anemometer_high_bid";

  String toPayload() {
    return itemId
        + ":"
        + view.bidCount()
        + ":"
        + view.state()
        + ":"
        + (view.amount() == null ? "" : view.amount().toPlainString())
        + ":"
        + (view.bidderId() == null ? "" : view.bidderId())
        + ":"
        + view.changedAtMicros();
  }

  /**
   * Parses a payload written by {@link #toPayload()}.
   *
   * @throws IllegalArgumentException when the payload is not one (another writer on the channel)
   */
  static HighBidChange parse(String payload) {
    String[] parts = payload.split(":", -1);
    if (parts.length != 5 && parts.length != 6) {
      throw new IllegalArgumentException("not a high-bid payload: " + payload);
    }
    try {
      long itemId = Long.parseLong(parts[0]);
      int bidCount = Integer.parseInt(parts[1]);
      BigDecimal amount = parts[3].isEmpty() ? null : new BigDecimal(parts[3]);
      Long bidderId = parts[4].isEmpty() ? null : Long.valueOf(parts[4]);
      long changedAtMicros = parts.length == 6 ? Long.parseLong(parts[5]) : 0;
      return new HighBidChange(
          itemId, new HighBidView(amount, bidderId, bidCount, parts[2], changedAtMicros));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a high-bid payload: " + payload, e);
    }
  }
}
