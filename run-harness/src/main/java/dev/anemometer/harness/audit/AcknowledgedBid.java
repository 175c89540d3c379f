package dev.anemometer.harness.audit;

import java.math.BigDecimal;

/**
 * A bid the app answered with 201, as the driver saw it: what the audit expects to find stored.
 *
 * @param bidderId the user who bid, or -1 when the driver did not know it (not compared then)
 * @param outcome the outcome in the reply (ACCEPTED_HIGH, OUTBID, …)
 */
public record AcknowledgedBid(
    long bidId, long itemId, long bidderId, BigDecimal amount, String outcome) {}
