package dev.anemometer.auction.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Items of live auctions (the first ACTIVE, the rest LISTED), of past auctions (SOLD) and of future
 * auctions (LISTED); {@code position} is the order of sale within the auction.
 */
final class ItemRows {

  private static final long CHUNK_ITEMS = 50_000;
  private static final long COST_PER_ITEM = 3;
  private static final long PRE_LISTING_SECONDS = 86_400;
  private static final String COPY_SQL =
      CopyChunk.copy(
          "item",
          "id, auction_id, seller_id, position, short_description, long_description,"
              + " manufacturer, condition, starting_bid, state, created_at");

  private ItemRows() {}

  static List<CopyChunk> chunks(DatasetFacts facts) {
    List<CopyChunk> chunks = new ArrayList<>();
    long items = facts.layout().items();
    for (long first = 1; first <= items; first += CHUNK_ITEMS) {
      long from = first;
      long to = Math.min(items, first + CHUNK_ITEMS - 1);
      long rows = to - from + 1;
      chunks.add(
          new CopyChunk(
              "items " + from + ".." + to,
              COPY_SQL,
              rows,
              rows * COST_PER_ITEM,
              out -> write(facts, from, to, out)));
    }
    return chunks;
  }

  private static void write(DatasetFacts facts, long from, long to, CopyWriter out)
      throws SQLException {
    DatasetLayout layout = facts.layout();
    SplittableRandom random = new SplittableRandom(from);
    for (long id = from; id <= to; id++) {
      long auctionId;
      long position;
      String state;
      long startingBidCents = facts.startingBidCents(id);
      long createdAt = facts.loadEpochSecond() - PRE_LISTING_SECONDS;
      if (id < layout.firstPastItemId()) {
        auctionId = layout.liveAuctionOf(id);
        position = id - layout.firstLiveItemId(auctionId);
        state = position == 0 ? "ACTIVE" : "LISTED";
        if (position == 0) {
          startingBidCents = DatasetFacts.firstItemStartingBidCents(auctionId);
        }
      } else if (id < layout.firstFutureItemId()) {
        long pastItemIndex = id - layout.firstPastItemId();
        long pastIndex = pastItemIndex / DatasetLayout.ITEMS_PER_PAST_AUCTION;
        auctionId = layout.firstPastAuctionId() + pastIndex;
        position = pastItemIndex % DatasetLayout.ITEMS_PER_PAST_AUCTION;
        state = "SOLD";
        createdAt = facts.pastAuctionStart(pastIndex) - PRE_LISTING_SECONDS;
      } else {
        long futureItemIndex = id - layout.firstFutureItemId();
        auctionId =
            layout.firstFutureAuctionId()
                + futureItemIndex / DatasetLayout.ITEMS_PER_FUTURE_AUCTION;
        position = futureItemIndex % DatasetLayout.ITEMS_PER_FUTURE_AUCTION;
        state = "LISTED";
      }
      String shortDescription = SampleText.shortDescription(random);
      out.number(id)
          .number(auctionId)
          .number(facts.randomAccount(random))
          .number(position)
          .text(shortDescription)
          .text(SampleText.longDescription(shortDescription, random))
          .text(SampleText.manufacturer(random))
          .text(SampleText.condition(random))
          .cents(startingBidCents)
          .text(state)
          .timestamp(createdAt)
          .endRow();
    }
  }
}
