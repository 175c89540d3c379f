package dev.anemometer.auction.auction;

import java.time.Instant;

/** One running auction in the GetActiveAuctions list. */
public record AuctionSummary(
    long id, String name, String category, Instant startTime, String state) {}
