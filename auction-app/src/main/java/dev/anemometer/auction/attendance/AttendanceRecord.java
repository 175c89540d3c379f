package dev.anemometer.auction.attendance;

import java.time.Instant;

/** One line of a user's attendance history. */
record AttendanceRecord(
    long id, long auctionId, String auctionName, Instant joinedAt, Instant leftAt) {}
