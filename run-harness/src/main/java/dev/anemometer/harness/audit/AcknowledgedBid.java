package dev.anemometer.harness.audit;

import java.math.BigDecimal;

/**
 * A bid the app answered with 201, as the driver saw it: what the audit expects to find stored.
 *
 * @param outcome the outcome in the reply (ACCEPTED_HIGH, OUTBID, …)
 */
public record AcknowledgedBid(long bidId, long itemId, BigDecimal amount, String outcome) {}
