package dev.anemometer.auction.data;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Every account attended a few past auctions, from their start to their end. */
final class AttendanceRows {

  private static final long CHUNK_ACCOUNTS = 20_000;
  private static final int PER_ACCOUNT = DatasetLayout.ATTENDANCES_PER_ACCOUNT;
  private static final long EARLY_ARRIVAL_SECONDS = 60;
  private static final String COPY_SQL =
      CopyChunk.copy("attendance", "id, user_id, auction_id, joined_at, left_at");

  private AttendanceRows() {}

  static List<CopyChunk> chunks(DatasetFacts facts) {
    List<CopyChunk> chunks = new ArrayList<>();
    long accounts = facts.layout().accounts();
    for (long first = 1; first <= accounts; first += CHUNK_ACCOUNTS) {
      long from = first;
      long to = Math.min(accounts, first + CHUNK_ACCOUNTS - 1);
      long rows = (to - from + 1) * PER_ACCOUNT;
      chunks.add(
          new CopyChunk(
              "attendance of accounts " + from + ".." + to,
              COPY_SQL,
              rows,
              rows,
              out -> write(facts, from, to, out)));
    }
    return chunks;
  }

  private static void write(DatasetFacts facts, long from, long to, CopyWriter out)
      throws SQLException {
    DatasetLayout layout = facts.layout();
    for (long account = from; account <= to; account++) {
      for (int k = 0; k < PER_ACCOUNT; k++) {
        long id = (account - 1) * PER_ACCOUNT + k + 1;
        long pastIndex = DatasetFacts.mix(id) % layout.pastAuctions();
        out.number(id)
            .number(account)
            .number(layout.firstPastAuctionId() + pastIndex)
            .timestamp(facts.pastAuctionStart(pastIndex) - EARLY_ARRIVAL_SECONDS)
            .timestamp(facts.pastAuctionEnd(pastIndex))
            .endRow();
      }
    }
  }
}
