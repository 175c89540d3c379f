package dev.anemometer.auction.auction;

import java.time.Instant;

/** What GET /api/auctions/{id} answers; the current item comes from /current-item. */
public record AuctionDetail(
    long id,
    String name,
    String category,
    Instant startTime,
    Instant endTime,
    String state,
    long auctioneerId,
    long itemCount) {}
