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

  /** The same tables by their size after a load, biggest first. */
  static final List<String> LARGEST_FIRST =
      List.of(
          "bid",
          "item_image",
          "attendance",
          "high_bid",
          "item",
          "app_user",
          "auction",
          "image_content");

  private LoadPlan() {}

  /**
   * Hashing passwords keeps a worker busy in Java while the database idles; streaming generated
   * rows keeps the database busy. Alternating the two kinds, each most expensive first, keeps both
   * the JVM and PostgreSQL working from the first second.
   */
  static List<CopyChunk> chunks(DatasetFacts facts, PicturePool pictures) {
    List<CopyChunk> computed = new ArrayList<>();
    computed.addAll(AccountRows.chunks(facts));
    List<CopyChunk> streamed = new ArrayList<>();
    streamed.addAll(AuctionRows.chunks(facts));
    streamed.addAll(ItemRows.chunks(facts));
    streamed.addAll(PastBidRows.chunks(facts));
    streamed.addAll(AttendanceRows.chunks(facts));
    streamed.addAll(ImageRows.itemImageChunks(facts.layout()));
    Comparator<CopyChunk> mostExpensiveFirst = Comparator.comparingLong(CopyChunk::cost).reversed();
    computed.sort(mostExpensiveFirst);
    streamed.sort(mostExpensiveFirst);
    List<CopyChunk> chunks = new ArrayList<>();
    for (int i = 0; i < Math.max(computed.size(), streamed.size()); i++) {
      if (i < computed.size()) {
        chunks.add(computed.get(i));
      }
      if (i < streamed.size()) {
        chunks.add(streamed.get(i));
      }
    }
    // Last, so that the pool has drawn the pictures by the time they are sent.
    chunks.addAll(ImageRows.pictureChunks(pictures));
    return List.copyOf(chunks);
  }

  static long rows(List<CopyChunk> chunks) {
    return chunks.stream().mapToLong(CopyChunk::rows).sum();
  }
}
