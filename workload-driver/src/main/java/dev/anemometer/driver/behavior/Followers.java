package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.operation.FollowedAuction;
import dev.anemometer.driver.operation.Operations;
import dev.anemometer.driver.operation.UserContext;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/** Keeps one follower running per auction the user follows. Touched only on the user's thread. */
final class Followers {

  private final UserContext user;
  private final Operations operations;
  private final OperationRecorder recorder;
  private final TimeSource time;
  private final Map<FollowedAuction, AuctionFollower> running = new IdentityHashMap<>();

  Followers(UserContext user, Operations operations, OperationRecorder recorder, TimeSource time) {
    this.user = user;
    this.operations = operations;
    this.recorder = recorder;
    this.time = time;
  }

  /** Starts followers for newly followed auctions and stops those of auctions left behind. */
  void sync() {
    List<FollowedAuction> followed = new ArrayList<>(user.followed());
    running
        .entrySet()
        .removeIf(
            entry -> {
              boolean gone = !followed.contains(entry.getKey()) || entry.getValue().stopped();
              if (gone) {
                entry.getValue().stop();
              }
              return gone;
            });
    for (FollowedAuction auction : followed) {
      if (!running.containsKey(auction)) {
        AuctionFollower follower = new AuctionFollower(user, auction, operations, recorder, time);
        running.put(auction, follower);
        follower.start();
      }
    }
  }

  void stopAll() {
    running.values().forEach(AuctionFollower::stop);
    running.clear();
  }

  int running() {
    return running.size();
  }
}
