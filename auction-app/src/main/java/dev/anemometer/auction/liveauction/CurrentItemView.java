package dev.anemometer.auction.liveauction;

import java.math.BigDecimal;
import java.util.List;

/** The item an auction is selling right now, with its bidding state. */
public record CurrentItemView(
    long auctionId,
    long itemId,
    long sellerId,
    int position,
    String shortDescription,
    String longDescription,
    String manufacturer,
    String condition,
    BigDecimal startingBid,
    String state,
    List<Long> imageIds,
    HighBidView highBid) {}
