package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DatasetLayoutTest {

  @Test
  void followsWeathervaneRatiosForTheMicroDataset() {
    DatasetLayout layout = new DatasetLayout(3000);
    assertThat(layout.accounts()).isEqualTo(15_000);
    assertThat(layout.liveAuctions()).isEqualTo(200);
    assertThat(layout.pastAuctions()).isEqualTo(7_500);
    assertThat(layout.pastItems()).isEqualTo(75_000);
    assertThat(layout.bids()).isEqualTo(1_500_000);
    assertThat(layout.liveItems()).isBetween(2_000L, 4_000L);
    assertThat(layout.itemImages()).isEqualTo(4 * layout.items());
  }

  @Test
  void roundsLiveAndPastAuctionsUp() {
    DatasetLayout layout = new DatasetLayout(16);
    assertThat(layout.liveAuctions()).isEqualTo(2);
    assertThat(new DatasetLayout(1).pastAuctions()).isEqualTo(3);
    assertThat(new DatasetLayout(1).liveAuctions()).isEqualTo(1);
  }

  @Test
  void liveItemsAreContiguousTenToTwentyPerAuctionAndFindTheirAuction() {
    DatasetLayout layout = new DatasetLayout(500);
    long expectedFirst = 1;
    for (long auction = 1; auction <= layout.liveAuctions(); auction++) {
      assertThat(layout.firstLiveItemId(auction)).isEqualTo(expectedFirst);
      assertThat(layout.liveItemCount(auction)).isBetween(10, 20);
      for (long item = expectedFirst;
          item < expectedFirst + layout.liveItemCount(auction);
          item++) {
        assertThat(layout.liveAuctionOf(item)).isEqualTo(auction);
      }
      expectedFirst += layout.liveItemCount(auction);
    }
    assertThat(layout.firstPastItemId()).isEqualTo(expectedFirst);
  }

  @Test
  void theSameMaxUsersGivesTheSameLayout() {
    assertThat(new DatasetLayout(90).liveItems()).isEqualTo(new DatasetLayout(90).liveItems());
  }
}
