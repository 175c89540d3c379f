package dev.anemometer.driver.operation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AuctionsInPlayTest {

  @Test
  void theAuctionsInPlayFollowTheActiveUsersUpToTheLiveOnes() {
    AuctionsInPlay inPlay = new AuctionsInPlay(5, 1, 2);

    inPlay.activeUsers(200);
    assertThat(inPlay.count(200)).isEqualTo(40);
    assertThat(inPlay.inPlay(39, 200)).isTrue();
    assertThat(inPlay.inPlay(40, 200)).isFalse();
    inPlay.activeUsers(1003);
    assertThat(inPlay.count(200)).isEqualTo(200);
    assertThat(inPlay.count(-1)).as("live count not seen yet").isEqualTo(201);
  }

  @Test
  void theCountIsTheNearestOneSoThatTheUsersPerAuctionStayClose() {
    AuctionsInPlay inPlay = new AuctionsInPlay(12, 1, 2);

    inPlay.activeUsers(100);
    assertThat(inPlay.count(1000)).as("8 auctions of 12.5 users, not 9 of 11.1").isEqualTo(8);
    inPlay.activeUsers(107);
    assertThat(inPlay.count(1000)).as("9 auctions of 11.9 users").isEqualTo(9);
  }

  @Test
  void aUserCanAlwaysFollowAsManyAuctionsAsItMay() {
    AuctionsInPlay inPlay = new AuctionsInPlay(5, 1, 2);

    inPlay.activeUsers(1);
    assertThat(inPlay.count(100)).isEqualTo(2);
  }

  @Test
  void aSliceOfADistributedRunCountsTheWholeTargetsUsers() {
    AuctionsInPlay inPlay = new AuctionsInPlay(5, 4, 1);

    inPlay.activeUsers(50); // a quarter of 200
    assertThat(inPlay.count(1000)).isEqualTo(40);
  }

  @Test
  void withoutALimitEveryLiveAuctionIsInPlay() {
    AuctionsInPlay all = AuctionsInPlay.all();

    assertThat(all.count(27)).isEqualTo(27);
    assertThat(all.inPlay(26, 27)).isTrue();
    assertThat(all.inPlay(1_000_000, -1)).isTrue();
  }

  @Test
  void nonsenseIsRefused() {
    assertThatThrownBy(() -> new AuctionsInPlay(0.5, 1, 1)).hasMessageContaining("usersPerAuction");
    assertThatThrownBy(() -> new AuctionsInPlay(5, 0, 1)).hasMessageContaining("slices");
    assertThatThrownBy(() -> new AuctionsInPlay(5, 1, 0)).hasMessageContaining("minimum");
  }
}
