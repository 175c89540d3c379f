package dev.anemometer.auction.history;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** An item the user won: the SOLD high bid, with what the item was and its pictures. */
record PurchaseRecord(
    long itemId,
    long auctionId,
    String shortDescription,
    String manufacturer,
    BigDecimal amount,
    Instant soldAt,
    List<Long> imageIds) {

  PurchaseRecord {
    imageIds = List.copyOf(imageIds);
  }
}
