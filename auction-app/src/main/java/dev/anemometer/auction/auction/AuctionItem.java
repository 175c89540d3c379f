package dev.anemometer.auction.auction;

import java.math.BigDecimal;
import java.util.List;

/**
 * One item in the list of an auction's items, in order of sale, with its image ids so a page can
 * show thumbnails without one more request per item.
 */
public record AuctionItem(
    long id,
    int position,
    String shortDescription,
    String manufacturer,
    String condition,
    BigDecimal startingBid,
    String state,
    List<Long> imageIds) {

  public AuctionItem {
    imageIds = List.copyOf(imageIds);
  }

  AuctionItem withImageIds(List<Long> ids) {
    return new AuctionItem(
        id, position, shortDescription, manufacturer, condition, startingBid, state, ids);
  }
}
