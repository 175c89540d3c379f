package dev.anemometer.auction.history;

import java.math.BigDecimal;
import java.time.Instant;

/** One line of a user's bid history, newest first. */
record BidRecord(
    long id,
    long itemId,
    long auctionId,
    String itemDescription,
    BigDecimal amount,
    String outcome,
    Instant bidTime) {}
