package dev.anemometer.auction.auction;

import java.math.BigDecimal;

/** One item in the list of an auction's items, in order of sale. */
public record AuctionItem(
    long id,
    int position,
    String shortDescription,
    String manufacturer,
    String condition,
    BigDecimal startingBid,
    String state) {}
