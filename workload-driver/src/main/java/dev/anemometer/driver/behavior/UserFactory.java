package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.http.HttpSession;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.operation.AuctionsInPlay;
import dev.anemometer.driver.operation.Operations;
import dev.anemometer.driver.operation.UserContext;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.SplittableRandom;
import java.util.concurrent.RejectedExecutionException;

/**
 * Creates the users of a slice, each bound for life to one account, so that no two active users
 * ever share an account. Sessions are opened on first use: idle accounts cost nothing.
 */
final class UserFactory {

  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private final UsersConfig config;
  private final Behavior behavior;
  private final Operations operations;
  private final AuctionsInPlay auctionsInPlay;
  private final HttpClient client;
  private final OperationRecorder recorder;
  private final TimeSource time;

  UserFactory(
      UsersConfig config,
      Behavior behavior,
      HttpClient client,
      OperationRecorder recorder,
      AcknowledgedBidSink acknowledgedBids,
      TimeSource time) {
    if (config.accounts() < 0 || config.firstAccount() < 1) {
      throw new IllegalArgumentException(
          "accounts must be ≥ 0 and firstAccount ≥ 1, got "
              + config.accounts()
              + " from "
              + config.firstAccount());
    }
    this.config = config;
    this.behavior = behavior;
    this.operations = new Operations(behavior.pageSize(), behavior.bidStrategy(), acknowledgedBids);
    this.auctionsInPlay =
        new AuctionsInPlay(
            behavior.usersPerAuction(),
            config.slices(),
            Math.max(1, behavior.maxFollowedAuctions()));
    this.client = client;
    this.recorder = recorder;
    this.time = time;
  }

  Behavior behavior() {
    return behavior;
  }

  /** Told every change of the active user count, so the auctions in play follow it. */
  AuctionsInPlay auctionsInPlay() {
    return auctionsInPlay;
  }

  /** The accounts of this slice: as many users at most. */
  int accounts() {
    return config.sliceUsers();
  }

  /**
   * The user of slot {@code index}: the target's user of that number in this slice, with its
   * account and a random of its own number, whichever node runs it.
   */
  SimulatedUser create(int index, SimulatedUser.Listener listener) {
    HttpSession session =
        client.newSession(config.target(), Math.max(1, config.maxConnectionsPerUser()));
    SplittableRandom random =
        new SplittableRandom(config.seed() + mix64(GOLDEN_GAMMA * (config.userNumber(index) + 1L)));
    UserContext context = new UserContext(session, random, config.account(index), auctionsInPlay);
    return new SimulatedUser(context, behavior, operations, recorder, time, listener);
  }

  /**
   * Scrambles a user's index into its seed. Seeds a plain multiple of the golden gamma apart would
   * give streams that are the same sequence shifted by one draw per user: strongly correlated.
   */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Stops a user on its own thread, then closes its session. */
  static void close(SimulatedUser user) {
    HttpSession session = user.context().session();
    try {
      session
          .executor()
          .execute(
              () -> {
                user.close();
                session.close();
              });
    } catch (RejectedExecutionException e) {
      // The event loops are already shutting down: nothing runs any more, just release.
      session.close();
    }
  }
}
