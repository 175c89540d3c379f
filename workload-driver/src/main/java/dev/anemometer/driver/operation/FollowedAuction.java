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
  private long seenItemId = -1;
  private Notification deliveredKind;
  private long deliveredLatencyMicros;

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

  BigDecimal amount() {
    return amount;
  }

  /**
   * Notes that an answer carrying a change committed at {@code changedAtMicros} (app's epoch
   * microseconds) arrived now. The arrival is read on the driver's wall clock, the only clock that
   * can be set against the app's; its resolution is a millisecond, a thousandth of what a live
   * auction cares about. An app that does not send the time (0) leaves nothing to note.
   */
  void delivered(Notification kind, long changedAtMicros) {
    if (changedAtMicros <= 0) {
      return;
    }
    long arrivedAtMicros = System.currentTimeMillis() * 1000;
    // A change seen before it committed can only be clock offset between the hosts: count it 0.
    deliveredLatencyMicros = Math.max(0, arrivedAtMicros - changedAtMicros);
    deliveredKind = kind;
  }

  /**
   * The change the last answer delivered, or null; cleared by reading, so that each delivery is
   * recorded once. {@link #deliveredLatencyMicros()} holds its latency until the next delivery.
   */
  public Notification takeDelivered() {
    Notification kind = deliveredKind;
    deliveredKind = null;
    return kind;
  }

  public long deliveredLatencyMicros() {
    return deliveredLatencyMicros;
  }

  /** Whether {@code itemId} follows an item this follower saw before: the next item on sale. */
  boolean nextItem(long itemId) {
    return seenItemId >= 0 && seenItemId != itemId;
  }

  void currentItem(long itemId, BigDecimal startingBid) {
    this.seenItemId = itemId;
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
