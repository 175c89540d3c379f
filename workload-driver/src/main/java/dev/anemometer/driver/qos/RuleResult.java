package dev.anemometer.driver.qos;

import dev.anemometer.driver.operation.OperationType;

/**
 * One rule applied to one operation.
 *
 * @param message what was measured against what, e.g. {@code GetAuctionDetail p99 2.4 s > 2 s}
 */
public record RuleResult(OperationType operation, QosRule rule, boolean passed, String message) {}
