package dev.anemometer.auction.bid;

import java.math.BigDecimal;

/** The body of a bid: {@code {"amount": 12.50}}. */
record BidRequest(BigDecimal amount) {}
