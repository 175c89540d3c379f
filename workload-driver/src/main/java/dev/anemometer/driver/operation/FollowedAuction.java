package dev.anemometer.driver.operation;

import java.math.BigDecimal;

/**
 * What a user knows of an auction it attends: the current item and its high bid, kept up to date by
 * the auction's follower and by the user's own bids. Touched only on the user's thread.
 */
public final class FollowedAuction {

  private final long auctionId;
  private final long rank;
  private long itemId = -1;
  private BigDecimal startingBid = BigDecimal.ZERO;
  private BigDecimal amount;
  private long bidCount;
  private String state = "";
  private long bidderId = -1;
  private boolean itemChanged;

  /**
   * @param rank the auction's position in the live list when the user joined it
   */
  FollowedAuction(long auctionId, long rank) {
    this.auctionId = auctionId;
    this.rank = rank;
  }

  long rank() {
    return rank;
  }

  public long auctionId() {
    return auctionId;
  }

  public long itemId() {
    return itemId;
  }

  public long bidCount() {
    return bidCount;
  }

  public String state() {
    return state;
  }

  /** Whether the item still takes bids, as far as the user knows. */
  public boolean itemLive() {
    return itemId >= 0
        && (ApiFields.STATE_OPEN.equals(state) || ApiFields.STATE_LAST_CALL.equals(state));
  }

  /** Whether the follower must fetch the current item again before polling for bids. */
  public boolean needsCurrentItem() {
    return itemId < 0 || itemChanged || !itemLive();
  }

  /** The price to beat: the high bid, or the starting bid while there is none. */
  BigDecimal price() {
    return amount != null ? amount : startingBid;
  }

  boolean highBidder(long userId) {
    return bidderId == userId;
  }

  void currentItem(long itemId, BigDecimal startingBid) {
    this.itemId = itemId;
    this.startingBid = startingBid;
    this.itemChanged = false;
  }

  void highBid(BigDecimal amount, long bidCount, String state, long bidderId) {
    this.amount = amount;
    this.bidCount = bidCount;
    this.state = state;
    this.bidderId = bidderId;
  }

  /** The auction is between two items: nothing to poll until the next one is current. */
  void noCurrentItem() {
    this.itemId = -1;
    this.amount = null;
    this.state = "";
    this.itemChanged = false;
  }

  /** Whether the last look at the auction found no current item. */
  public boolean betweenItems() {
    return itemId < 0;
  }

  void itemChanged() {
    this.itemChanged = true;
  }
}
