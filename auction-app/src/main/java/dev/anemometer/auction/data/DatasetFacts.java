package dev.anemometer.auction.data;

import java.util.SplittableRandom;

/**
 * Values that several tables must agree on (an item's starting bid and its final high bid, a past
 * auction's times and its bids' and attendances' times), derived from ids alone so that the workers
 * writing those tables never need to share state.
 */
final class DatasetFacts {

  static final long CREDIT_LIMIT_CENTS = 100_000_000L;
  static final int ITEM_SLOT_SECONDS = 120;
  static final int SECONDS_BETWEEN_BIDS = 3;
  static final int CLOCK_STEP_SECONDS = 30;
  static final int LOWEST_STARTING_BID_DOLLARS = 10;
  static final int HIGHEST_STARTING_BID_DOLLARS = 499;
  private static final long SECONDS_PER_DAY = 86_400;

  private final DatasetLayout layout;
  private final long loadEpochSecond;

  DatasetFacts(DatasetLayout layout, long loadEpochSecond) {
    this.layout = layout;
    this.loadEpochSecond = loadEpochSecond;
  }

  DatasetLayout layout() {
    return layout;
  }

  long loadEpochSecond() {
    return loadEpochSecond;
  }

  /** Past auctions are spread over the last year, at varying times of day. */
  long pastAuctionStart(long pastIndex) {
    long daysAgo = 1 + pastIndex % 360;
    return loadEpochSecond - daysAgo * SECONDS_PER_DAY - mix(pastIndex) % 36_000;
  }

  long pastAuctionEnd(long pastIndex) {
    return pastAuctionStart(pastIndex)
        + (long) DatasetLayout.ITEMS_PER_PAST_AUCTION * ITEM_SLOT_SECONDS;
  }

  long futureAuctionStart(long futureIndex) {
    return loadEpochSecond + (1 + futureIndex % 30) * SECONDS_PER_DAY + mix(futureIndex) % 36_000;
  }

  /** Whole dollars from 10 to 499, each as likely. */
  long startingBidCents(long itemId) {
    return (LOWEST_STARTING_BID_DOLLARS + mix(itemId) % startingBidDollars()) * 100;
  }

  /**
   * The starting bid of a live auction's first item: whole dollars from 10 to 499 as well, but
   * placed by the golden-ratio sequence over the auction ids, so that the first auctions of the
   * live list, which are those in play at a small load, spread evenly over the range of climbs
   * rather than as a dozen random draws do.
   */
  static long firstItemStartingBidCents(long auctionId) {
    long draw = (auctionId * 2_654_435_761L) & 0xFFFF_FFFFL;
    return (LOWEST_STARTING_BID_DOLLARS + (draw * startingBidDollars() >>> 32)) * 100;
  }

  private static long startingBidDollars() {
    return HIGHEST_STARTING_BID_DOLLARS - LOWEST_STARTING_BID_DOLLARS + 1;
  }

  long bidIncrementCents(long itemId) {
    return (1 + mix(itemId ^ 0x9e37L) % 5) * 100;
  }

  /** Winners go round the accounts, so that every account has a purchase history. */
  long winnerOfPastItem(long pastItemIndex) {
    return pastItemIndex % layout.accounts() + 1;
  }

  long randomAccount(SplittableRandom random) {
    return random.nextLong(layout.accounts()) + 1;
  }

  static long mix(long value) {
    long z = value * 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return (z ^ (z >>> 31)) >>> 1;
  }
}
