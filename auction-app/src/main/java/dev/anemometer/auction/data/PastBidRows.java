package dev.anemometer.auction.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The bidding history of past auctions: {@link DatasetLayout#BIDS_PER_PAST_ITEM} rising bids per
 * item, the last one by the winner, and the item's final SOLD high_bid row, which is what gives
 * accounts their purchase history.
 */
final class PastBidRows {

  private static final long CHUNK_ITEMS = 5_000;
  private static final long COST_PER_ROW = 2;
  private static final int BIDS = DatasetLayout.BIDS_PER_PAST_ITEM;
  // Every accepted bid and both clock steps (LAST_CALL, SOLD) count, as in the live engine.
  private static final int FINAL_BID_COUNT = BIDS + 2;
  private static final String BID_SQL =
      CopyChunk.copy("bid", "id, item_id, auction_id, bidder_id, amount, outcome, bid_time");
  private static final String HIGH_BID_SQL =
      CopyChunk.copy(
          "high_bid",
          "item_id, auction_id, amount, bidder_id, bid_count, state, opened_at, last_bid_at,"
              + " state_changed_at, due_at");

  private PastBidRows() {}

  static List<CopyChunk> chunks(DatasetFacts facts) {
    List<CopyChunk> chunks = new ArrayList<>();
    long pastItems = facts.layout().pastItems();
    for (long first = 0; first < pastItems; first += CHUNK_ITEMS) {
      long from = first;
      long to = Math.min(pastItems, first + CHUNK_ITEMS);
      long bids = (to - from) * BIDS;
      chunks.add(
          new CopyChunk(
              "bids of past items " + from + ".." + (to - 1),
              BID_SQL,
              bids,
              bids * COST_PER_ROW,
              out -> writeBids(facts, from, to, out)));
      chunks.add(
          new CopyChunk(
              "high bids of past items " + from + ".." + (to - 1),
              HIGH_BID_SQL,
              to - from,
              (to - from) * COST_PER_ROW,
              out -> writeHighBids(facts, from, to, out)));
    }
    return chunks;
  }

  private static void writeBids(DatasetFacts facts, long from, long to, CopyWriter out)
      throws SQLException {
    SplittableRandom random = new SplittableRandom(from);
    for (long index = from; index < to; index++) {
      PastItem item = PastItem.of(facts, index);
      for (int k = 0; k < BIDS; k++) {
        long bidder = k == BIDS - 1 ? item.winner() : facts.randomAccount(random);
        out.number(index * BIDS + k + 1)
            .number(item.itemId())
            .number(item.auctionId())
            .number(bidder)
            .cents(item.bidCents(k))
            .text("ACCEPTED_HIGH")
            .timestamp(item.bidTime(k))
            .endRow();
      }
    }
  }

  private static void writeHighBids(DatasetFacts facts, long from, long to, CopyWriter out)
      throws SQLException {
    for (long index = from; index < to; index++) {
      PastItem item = PastItem.of(facts, index);
      out.number(item.itemId())
          .number(item.auctionId())
          .cents(item.bidCents(BIDS - 1))
          .number(item.winner())
          .number(FINAL_BID_COUNT)
          .text("SOLD")
          .timestamp(item.openedAt())
          .timestamp(item.bidTime(BIDS - 1))
          .timestamp(item.soldAt())
          .nullValue()
          .endRow();
    }
  }

  /** One sold item of a past auction: bid k is the starting bid plus k+1 increments. */
  private record PastItem(
      long itemId,
      long auctionId,
      long winner,
      long openedAt,
      long startingBidCents,
      long incrementCents) {

    static PastItem of(DatasetFacts facts, long pastItemIndex) {
      DatasetLayout layout = facts.layout();
      long pastIndex = pastItemIndex / DatasetLayout.ITEMS_PER_PAST_AUCTION;
      long position = pastItemIndex % DatasetLayout.ITEMS_PER_PAST_AUCTION;
      long itemId = layout.firstPastItemId() + pastItemIndex;
      return new PastItem(
          itemId,
          layout.firstPastAuctionId() + pastIndex,
          facts.winnerOfPastItem(pastItemIndex),
          facts.pastAuctionStart(pastIndex) + position * DatasetFacts.ITEM_SLOT_SECONDS,
          facts.startingBidCents(itemId),
          facts.bidIncrementCents(itemId));
    }

    long bidCents(int k) {
      return startingBidCents + (k + 1) * incrementCents;
    }

    long bidTime(int k) {
      return openedAt + (long) (k + 1) * DatasetFacts.SECONDS_BETWEEN_BIDS;
    }

    long soldAt() {
      return bidTime(BIDS - 1) + 2L * DatasetFacts.CLOCK_STEP_SECONDS;
    }
  }
}
