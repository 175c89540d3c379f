package dev.anemometer.driver.operation;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BidStrategyTest {

  private final BidStrategy strategy =
      new BidStrategy(0.02, 0.02, 0.005, 0.06, new BigDecimal("1000"));

  @Test
  void raisesStayBetweenHalfAPercentAndSixPercent() {
    SplittableRandom random = new SplittableRandom(3);
    BigDecimal price = new BigDecimal("100.00");
    int atMin = 0;
    int atMax = 0;
    for (int i = 0; i < 20_000; i++) {
      BigDecimal bid = strategy.nextBid(price, random);
      assertThat(bid).isBetween(new BigDecimal("100.50"), new BigDecimal("106.00"));
      atMin += bid.compareTo(new BigDecimal("100.50")) == 0 ? 1 : 0;
      atMax += bid.compareTo(new BigDecimal("106.00")) == 0 ? 1 : 0;
    }
    // N(2 %, 2 %) puts about 23 % of raises under 0.5 % and 2 % over 6 %: both clips are used.
    assertThat(atMin).isBetween(3_500, 5_800);
    assertThat(atMax).isBetween(200, 800);
  }

  @Test
  void bidsNeverExceedTheUsersMaximumPrice() {
    SplittableRandom random = new SplittableRandom(5);

    for (int i = 0; i < 1_000; i++) {
      assertThat(strategy.nextBid(new BigDecimal("990.00"), random))
          .isGreaterThan(new BigDecimal("990.00"))
          .isLessThanOrEqualTo(new BigDecimal("1000"));
    }
    assertThat(strategy.affordable(new BigDecimal("999.99"))).isTrue();
    assertThat(strategy.affordable(new BigDecimal("1000"))).isFalse();
  }

  @Test
  void aTinyPriceIsStillRaisedByAtLeastOneCent() {
    assertThat(strategy.nextBid(BigDecimal.ZERO, new SplittableRandom(1)))
        .isEqualByComparingTo("0.01");
  }
}
