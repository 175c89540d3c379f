package dev.anemometer.auction.bid;

import dev.anemometer.auction.liveauction.LiveAuctionProblems;
import java.math.BigDecimal;
import java.math.RoundingMode;

/** Checks the amount of a bid before it reaches the database: positive, bounded, in cents. */
final class BidAmounts {

  private static final int MAX_DECIMALS = 2;

  private BidAmounts() {}

  /**
   * @return the amount with exactly two decimals
   * @throws org.springframework.web.ErrorResponseException 400 naming {@code amount}
   */
  static BigDecimal validate(BigDecimal amount, BigDecimal max) {
    if (amount == null) {
      throw LiveAuctionProblems.invalidField("amount", "amount is required");
    }
    if (amount.signum() <= 0) {
      throw LiveAuctionProblems.invalidField("amount", "amount must be greater than 0");
    }
    if (amount.compareTo(max) > 0) {
      throw LiveAuctionProblems.invalidField(
          "amount", "amount must be at most " + max.toPlainString());
    }
    if (amount.stripTrailingZeros().scale() > MAX_DECIMALS) {
      throw LiveAuctionProblems.invalidField("amount", "amount must have at most 2 decimals");
    }
    return amount.setScale(MAX_DECIMALS, RoundingMode.UNNECESSARY);
  }
}
