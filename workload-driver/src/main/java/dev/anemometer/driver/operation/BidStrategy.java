package dev.anemometer.driver.operation;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.random.RandomGenerator;

/**
 * How much a user bids: the price to beat raised by a normally distributed fraction, clipped, and
 * never above the user's maximum price.
 *
 * @param raiseMean mean raise as a fraction of the price (0.02 = 2 %)
 * @param raiseSd standard deviation of the raise
 * @param raiseMin smallest raise
 * @param raiseMax largest raise
 * @param maxPrice the most a user will ever bid
 */
public record BidStrategy(
    double raiseMean, double raiseSd, double raiseMin, double raiseMax, BigDecimal maxPrice) {

  private static final BigDecimal CENT = new BigDecimal("0.01");

  /** Whether a user would still bid on an item at this price. */
  public boolean affordable(BigDecimal price) {
    return price.compareTo(maxPrice) < 0;
  }

  /** The next bid above {@code price}, in cents, at most {@link #maxPrice()}. */
  public BigDecimal nextBid(BigDecimal price, RandomGenerator random) {
    double raise = Math.min(raiseMax, Math.max(raiseMin, random.nextGaussian(raiseMean, raiseSd)));
    BigDecimal amount =
        price.multiply(BigDecimal.valueOf(1 + raise)).setScale(2, RoundingMode.CEILING);
    if (amount.compareTo(price) <= 0) {
      // A raise that rounds away (tiny prices) would be a bid that cannot win.
      amount = price.add(CENT);
    }
    return amount.min(maxPrice);
  }
}
