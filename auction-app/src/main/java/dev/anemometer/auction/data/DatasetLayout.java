package dev.anemometer.auction.data;

import java.util.SplittableRandom;

/**
 * Where every loaded row goes, computed from maxUsers alone (SPEC §2.4, ratios from Weathervane).
 * Ids are dense and chosen here, so parallel workers can write any range of any table without
 * talking to each other, and reset can find the live auctions again from the dataset row.
 *
 * <p>Auctions: live {@code 1..L}, then past, then future. Items: those of live auctions first (10
 * to 20 each), then 10 per past auction, then 10 per future auction. Each item has {@link
 * #IMAGES_PER_ITEM} item_image rows; each past item has {@link #BIDS_PER_PAST_ITEM} bids.
 */
final class DatasetLayout {

  static final int ACCOUNTS_PER_USER = 5;
  static final int USERS_PER_LIVE_AUCTION = 15;
  static final int MIN_LIVE_ITEMS = 10;
  static final int MAX_LIVE_ITEMS = 20;
  static final int ITEMS_PER_PAST_AUCTION = 10;
  static final int ITEMS_PER_FUTURE_AUCTION = 10;
  static final int BIDS_PER_PAST_ITEM = 20;
  static final int IMAGES_PER_ITEM = 4;
  static final int ATTENDANCES_PER_ACCOUNT = 5;
  static final int PICTURES = 40;
  static final int SIZES_PER_PICTURE = 3;

  private static final long LIVE_ITEM_SEED = 0x5eed_1fe_a0c7L;

  private final int maxUsers;
  private final long accounts;
  private final int liveAuctions;
  private final long pastAuctions;
  private final long futureAuctions;
  private final long[] liveItemStarts;

  DatasetLayout(int maxUsers) {
    if (maxUsers < 1) {
      throw new IllegalArgumentException("maxUsers must be positive: " + maxUsers);
    }
    this.maxUsers = maxUsers;
    this.accounts = (long) ACCOUNTS_PER_USER * maxUsers;
    this.liveAuctions = (maxUsers + USERS_PER_LIVE_AUCTION - 1) / USERS_PER_LIVE_AUCTION;
    this.pastAuctions = (5L * maxUsers + 1) / 2;
    this.futureAuctions = liveAuctions;
    this.liveItemStarts = new long[liveAuctions + 1];
    SplittableRandom random = new SplittableRandom(LIVE_ITEM_SEED);
    liveItemStarts[0] = 1;
    for (int i = 0; i < liveAuctions; i++) {
      liveItemStarts[i + 1] =
          liveItemStarts[i] + random.nextInt(MIN_LIVE_ITEMS, MAX_LIVE_ITEMS + 1);
    }
  }

  int maxUsers() {
    return maxUsers;
  }

  long accounts() {
    return accounts;
  }

  int liveAuctions() {
    return liveAuctions;
  }

  long pastAuctions() {
    return pastAuctions;
  }

  long futureAuctions() {
    return futureAuctions;
  }

  long firstPastAuctionId() {
    return liveAuctions + 1L;
  }

  long firstFutureAuctionId() {
    return firstPastAuctionId() + pastAuctions;
  }

  long auctions() {
    return liveAuctions + pastAuctions + futureAuctions;
  }

  /** First item id of live auction {@code auctionId} (1-based); its items run to the next one's. */
  long firstLiveItemId(long auctionId) {
    return liveItemStarts[(int) auctionId - 1];
  }

  int liveItemCount(long auctionId) {
    return (int) (liveItemStarts[(int) auctionId] - liveItemStarts[(int) auctionId - 1]);
  }

  long liveItems() {
    return liveItemStarts[liveAuctions] - 1;
  }

  long firstPastItemId() {
    return liveItems() + 1;
  }

  long pastItems() {
    return pastAuctions * ITEMS_PER_PAST_AUCTION;
  }

  long firstFutureItemId() {
    return firstPastItemId() + pastItems();
  }

  long futureItems() {
    return futureAuctions * ITEMS_PER_FUTURE_AUCTION;
  }

  long items() {
    return liveItems() + pastItems() + futureItems();
  }

  long itemImages() {
    return items() * IMAGES_PER_ITEM;
  }

  long imageContents() {
    return (long) PICTURES * SIZES_PER_PICTURE;
  }

  long bids() {
    return pastItems() * BIDS_PER_PAST_ITEM;
  }

  /** SOLD rows of past items plus one OPEN row per live auction. */
  long highBids() {
    return pastItems() + liveAuctions;
  }

  long attendances() {
    return accounts * ATTENDANCES_PER_ACCOUNT;
  }

  /** The live auction that item {@code itemId} belongs to; the item must be a live one. */
  long liveAuctionOf(long itemId) {
    int low = 0;
    int high = liveAuctions - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if (liveItemStarts[middle] <= itemId) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return low + 1L;
  }
}
