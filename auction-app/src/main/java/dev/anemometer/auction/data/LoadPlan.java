package dev.anemometer.auction.data;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Every COPY chunk of a load, most expensive first so that the workers finish together. */
final class LoadPlan {

  /** The tables a load fills, parents before children (the order TRUNCATE needs no CASCADE). */
  static final List<String> TABLES =
      List.of(
          "app_user",
          "auction",
          "item",
          "high_bid",
          "bid",
          "attendance",
          "image_content",
          "item_image");

  private LoadPlan() {}

  static List<CopyChunk> chunks(DatasetFacts facts) {
    List<CopyChunk> chunks = new ArrayList<>();
    chunks.addAll(ImageRows.chunks(facts.layout()));
    chunks.addAll(AccountRows.chunks(facts));
    chunks.addAll(AuctionRows.chunks(facts));
    chunks.addAll(ItemRows.chunks(facts));
    chunks.addAll(PastBidRows.chunks(facts));
    chunks.addAll(AttendanceRows.chunks(facts));
    chunks.sort(Comparator.comparingLong(CopyChunk::cost).reversed());
    return List.copyOf(chunks);
  }

  static long rows(List<CopyChunk> chunks) {
    return chunks.stream().mapToLong(CopyChunk::rows).sum();
  }
}
