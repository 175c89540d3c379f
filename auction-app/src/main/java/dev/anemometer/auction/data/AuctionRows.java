package dev.anemometer.auction.data;

import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/** Live (RUNNING), past (COMPLETE) and future (FUTURE) auctions, in the layout's id ranges. */
final class AuctionRows {

  private static final String COPY_SQL =
      CopyChunk.copy(
          "auction",
          "id, name, category, start_time, end_time, state, auctioneer_id, current_item_id");

  private AuctionRows() {}

  static List<CopyChunk> chunks(DatasetFacts facts) {
    long rows = facts.layout().auctions();
    return List.of(new CopyChunk("auctions", COPY_SQL, rows, rows, out -> write(facts, out)));
  }

  private static void write(DatasetFacts facts, CopyWriter out) throws SQLException {
    DatasetLayout layout = facts.layout();
    SplittableRandom random = new SplittableRandom(layout.maxUsers());
    for (long id = 1; id <= layout.liveAuctions(); id++) {
      start(out, id, "Live auction")
          .timestamp(facts.loadEpochSecond())
          .nullValue()
          .text("RUNNING")
          .number(facts.randomAccount(random))
          .number(layout.firstLiveItemId(id))
          .endRow();
    }
    for (long index = 0; index < layout.pastAuctions(); index++) {
      start(out, layout.firstPastAuctionId() + index, "Auction")
          .timestamp(facts.pastAuctionStart(index))
          .timestamp(facts.pastAuctionEnd(index))
          .text("COMPLETE")
          .number(facts.randomAccount(random))
          .nullValue()
          .endRow();
    }
    for (long index = 0; index < layout.futureAuctions(); index++) {
      start(out, layout.firstFutureAuctionId() + index, "Coming auction")
          .timestamp(facts.futureAuctionStart(index))
          .nullValue()
          .text("FUTURE")
          .number(facts.randomAccount(random))
          .nullValue()
          .endRow();
    }
  }

  private static CopyWriter start(CopyWriter out, long id, String kind) throws SQLException {
    String category = SampleText.category(id);
    return out.number(id).text(kind + " " + id + ": " + category).text(category);
  }
}
