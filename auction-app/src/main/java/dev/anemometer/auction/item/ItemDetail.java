package dev.anemometer.auction.item;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** What GET /api/items/{id} answers, with the ids of the item's images in display order. */
public record ItemDetail(
    long id,
    Long auctionId,
    long sellerId,
    int position,
    String shortDescription,
    String longDescription,
    String manufacturer,
    String condition,
    BigDecimal startingBid,
    String state,
    Instant createdAt,
    List<Long> imageIds) {

  public ItemDetail {
    imageIds = List.copyOf(imageIds);
  }
}
