package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RemainingClimbTest {

  private static final double[] CLIMBS =
      RemainingClimb.climbs(
          LiveAuctions.PRICE_CEILING,
          DatasetFacts.LOWEST_STARTING_BID_DOLLARS,
          DatasetFacts.HIGHEST_STARTING_BID_DOLLARS);
  private static final double[] TABLE = LiveAuctions.REMAINING_CLIMBS;

  @Test
  void climbsRunFromEachWholeDollarStartingBidToTheCeiling() {
    assertThat(CLIMBS).hasSize(490);
    assertThat(CLIMBS[0]).isCloseTo(Math.log(1000 / 10.0), within(1e-12));
    assertThat(CLIMBS[489]).isCloseTo(Math.log(1000 / 499.0), within(1e-12));
  }

  /**
   * Climbs of 1 and 3, each as likely: P(R > r) = ((1 - r)+ + (3 - r)+) / 4, so R is 2p below the
   * median and 4p - 1 above it.
   */
  @Test
  void quantilesSolveTheResidualExactlyOnEachSegment() {
    assertThat(RemainingClimb.residualQuantiles(new double[] {3, 1}, 4))
        .containsExactly(new double[] {0.25, 0.75, 1.5, 2.5}, within(1e-12));
  }

  /**
   * Auctions selling one item after another, each climb drawn from the dataset's starting bids,
   * looked at on a grid of moments that knows nothing of them: the climbs left are distributed as
   * the table says.
   */
  @Test
  void tableIsTheClimbLeftWhenARenewalProcessOfClimbsIsLookedAt() {
    SplittableRandom random = new SplittableRandom(20_250_101);
    int items = 1_000_000;
    double[] ends = new double[items];
    double end = 0;
    for (int i = 0; i < items; i++) {
      end += CLIMBS[random.nextInt(CLIMBS.length)];
      ends[i] = end;
    }
    int looks = 1_000_000;
    double[] remaining = new double[looks];
    int item = 0;
    for (int j = 0; j < looks; j++) {
      double moment = (j + 0.5) * end / looks;
      while (ends[item] <= moment) {
        item++;
      }
      remaining[j] = ends[item] - moment;
    }
    Arrays.sort(remaining);

    for (int decile = 1; decile <= 9; decile++) {
      double observed = remaining[looks * decile / 10];
      // Entries 100d - 1 and 100d stand for p = d/10 - 0.0005 and d/10 + 0.0005.
      double tabled = (TABLE[100 * decile - 1] + TABLE[100 * decile]) / 2;
      assertThat(tabled).as("decile %d", decile).isCloseTo(observed, withinPercentage(1));
    }
    assertThat(Arrays.stream(TABLE).average().orElseThrow())
        .isCloseTo(Arrays.stream(remaining).average().orElseThrow(), withinPercentage(1));
  }

  @Test
  void meanOfTheTableIsTheSecondMomentOverTwiceTheMeanOfTheClimbs() {
    double mean = Arrays.stream(CLIMBS).average().orElseThrow();
    double secondMoment = Arrays.stream(CLIMBS).map(k -> k * k).average().orElseThrow();

    assertThat(Arrays.stream(TABLE).average().orElseThrow())
        .isCloseTo(secondMoment / (2 * mean), withinPercentage(0.01));
    assertThat(TABLE).isSorted().hasSize(LiveAuctions.REMAINING_CLIMB_QUANTILES);
    assertThat(TABLE[0]).isPositive();
    assertThat(TABLE[TABLE.length - 1]).isLessThan(CLIMBS[0]);
  }

  /**
   * The first items within 0.2 of the ceiling (in log-price units, some ten bids) close first:
   * drawn over their own climb, 0.2 E[1 / K] of them are; a steady state has 0.2 / E[K] (decision
   * 0005: 15.4 % against 12.4 % for the whole-dollar starting bids). Each item takes the table's
   * entry at its own climb's rank, as the opening price does, and never has more left than its
   * whole climb: no cap, which would close items early again.
   */
  @Test
  void fewerFirstItemsOpenNearTheCeilingThanWhenSpreadOverTheirOwnClimb() {
    double nearCeiling = 0.2;
    double overOwnClimb =
        Arrays.stream(CLIMBS).map(k -> Math.min(1, nearCeiling / k)).average().orElseThrow();
    double[] ascending = CLIMBS.clone();
    Arrays.sort(ascending);
    long near = 0;
    for (int rank = 0; rank < ascending.length; rank++) {
      double u = (rank + 0.5) / ascending.length;
      double remaining = TABLE[(int) Math.floor(u * TABLE.length)];
      assertThat(remaining).as("rank %d", rank).isLessThanOrEqualTo(ascending[rank]);
      near += remaining < nearCeiling ? 1 : 0;
    }
    double steady = (double) near / ascending.length;
    double mean = Arrays.stream(CLIMBS).average().orElseThrow();

    assertThat(overOwnClimb).isCloseTo(0.154, within(0.001));
    assertThat(steady).isCloseTo(nearCeiling / mean, within(0.003)).isCloseTo(0.124, within(0.003));
  }
}
