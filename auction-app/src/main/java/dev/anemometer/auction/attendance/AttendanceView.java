package dev.anemometer.auction.attendance;

import java.time.Instant;

/** What joining an auction answers. */
public record AttendanceView(long id, long auctionId, Instant joinedAt, Instant leftAt) {}
