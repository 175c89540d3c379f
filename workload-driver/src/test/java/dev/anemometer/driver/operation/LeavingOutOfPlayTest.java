package dev.anemometer.driver.operation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LeavingOutOfPlayTest {

  @Test
  void whenTheUsersDropTheAuctionsOutOfPlayAreLetGo() {
    AuctionsInPlay inPlay = new AuctionsInPlay(5, 1, 2);
    UserContext user = new UserContext(null, new SplittableRandom(1), 1, inPlay);
    inPlay.activeUsers(100); // 20 auctions in play
    user.liveAuctions(new long[] {103, 118}, 200, 15);
    user.follow(new FollowedAuction(103, user.rankOf(103)));
    user.liveAuctions(new long[] {104}, 200, 3);
    user.follow(new FollowedAuction(104, user.rankOf(104)));

    user.leaveAuctionsOutOfPlay();
    assertThat(user.followed()).hasSize(2);

    inPlay.activeUsers(50); // 10 in play: rank 15 is out, rank 3 stays
    user.leaveAuctionsOutOfPlay();
    assertThat(user.followed()).extracting(FollowedAuction::auctionId).containsExactly(104L);
  }

  @Test
  void onlyAuctionsInPlayCanBeJoined() {
    AuctionsInPlay inPlay = new AuctionsInPlay(5, 1, 1);
    UserContext user = new UserContext(null, new SplittableRandom(1), 1, inPlay);
    inPlay.activeUsers(10); // 2 in play
    user.liveAuctions(new long[] {7, 8, 9}, 200, 0);

    for (int i = 0; i < 20; i++) {
      assertThat(user.randomUnfollowedAuction()).isIn(7L, 8L);
    }
    user.liveAuctions(new long[] {11, 12}, 200, 5);
    assertThat(user.joinableAuctionSeen()).isFalse();
  }
}
