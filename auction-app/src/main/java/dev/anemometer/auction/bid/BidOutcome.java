package dev.anemometer.auction.bid;

/** What happened to a bid. Only ACCEPTED_HIGH changes the item's high bid. */
public enum BidOutcome {
  /** The bid is the item's new high bid. */
  ACCEPTED_HIGH,
  /** Not higher than the current high bid. */
  OUTBID,
  /** The item is not being auctioned right now (listed, sold or unsold). */
  ITEM_NOT_ACTIVE,
  /** The item's auction is not running. */
  AUCTION_NOT_RUNNING,
  /** The amount exceeds the bidder's credit limit. */
  INSUFFICIENT_CREDIT,
  /** The amount is below the item's starting bid. */
  BELOW_STARTING;

  public boolean accepted() {
    return this == ACCEPTED_HIGH;
  }
}
