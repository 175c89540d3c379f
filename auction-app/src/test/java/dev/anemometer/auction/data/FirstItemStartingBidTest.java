package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class FirstItemStartingBidTest {

  private static long dollars(long auctionId) {
    return DatasetFacts.firstItemStartingBidCents(auctionId) / 100;
  }

  @Test
  void everyPrefixOfTheLiveAuctionsSpreadsItsFirstItemsEvenlyOverTheStartingBids() {
    for (int inPlay : new int[] {8, 12, 40, 115}) {
      long[] quarters = new long[4];
      LongStream.rangeClosed(1, inPlay)
          .map(FirstItemStartingBidTest::dollars)
          .forEach(d -> quarters[(int) ((d - 10) * 4 / 490)]++);
      for (long n : quarters) {
        // The golden-ratio sequence is off an even spread by O(log n): within 2 here; a random
        // draw of 115 is off by about 5 (one standard deviation).
        assertThat((double) n)
            .as("%d auctions in play", inPlay)
            .isBetween(inPlay / 4.0 - 2, inPlay / 4.0 + 2);
      }
    }
  }

  @Test
  void overManyAuctionsEveryWholeDollarFrom10To499IsAsLikely() {
    long[] counts = new long[490];
    LongStream.rangeClosed(1, 49_000).forEach(id -> counts[(int) (dollars(id) - 10)]++);

    assertThat(Arrays.stream(counts).min().orElseThrow()).isGreaterThanOrEqualTo(95);
    assertThat(Arrays.stream(counts).max().orElseThrow()).isLessThanOrEqualTo(105);
    assertThat(DatasetFacts.firstItemStartingBidCents(7) % 100).isZero();
  }
}
