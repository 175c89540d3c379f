package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.operation.FollowedAuction;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationOutcome;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.operation.Operations;
import dev.anemometer.driver.operation.UserContext;
import dev.anemometer.driver.stats.OperationRecorder;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Follows one joined auction like a browser tab: GetCurrentItem, then GetNextBid long polls with no
 * pause, fetching the current item again whenever the item is over or changed. Each request is
 * recorded as its own operation, due when the previous one ended. Runs on the user's thread.
 */
final class AuctionFollower {

  /** How long a follower waits before looking again at an auction between two items. */
  static final long BETWEEN_ITEMS_RETRY_NANOS = 1_000_000_000L;

  private final UserContext user;
  private final FollowedAuction auction;
  private final Operations operations;
  private final OperationRecorder recorder;
  private final TimeSource time;
  private boolean stopped;

  AuctionFollower(
      UserContext user,
      FollowedAuction auction,
      Operations operations,
      OperationRecorder recorder,
      TimeSource time) {
    this.user = user;
    this.auction = auction;
    this.operations = operations;
    this.recorder = recorder;
    this.time = time;
  }

  FollowedAuction auction() {
    return auction;
  }

  void start() {
    step(OperationType.GET_CURRENT_ITEM);
  }

  /** Results still on the wire are dropped: the user has left, a browser would not show them. */
  void stop() {
    stopped = true;
  }

  boolean stopped() {
    return stopped;
  }

  private void step(OperationType type) {
    if (stopped) {
      return;
    }
    long startNanos = time.nanoTime();
    CompletionStage<OperationOutcome> outcome =
        type == OperationType.GET_CURRENT_ITEM
            ? operations.currentItem(user, auction)
            : operations.nextBid(user, auction);
    outcome.thenAccept(result -> finished(type, startNanos, result));
  }

  private void finished(OperationType type, long startNanos, OperationOutcome outcome) {
    if (stopped) {
      return;
    }
    recorder.record(
        type, startNanos, time.nanoTime(), outcome.wireNanos(), outcome.failureReason());
    recorder.recordConnectionWait(outcome.connectionWaitNanos());
    Notification delivered = auction.takeDelivered();
    if (delivered != null && !outcome.failed()) {
      recorder.recordNotification(delivered, auction.deliveredLatencyMicros());
    }
    if (outcome.failed()) {
      // No retry loop against a failing server: let go, the user may join again later.
      stopped = true;
      user.dropFollowed(auction.auctionId());
      return;
    }
    if (auction.betweenItems()) {
      // Nothing to poll until the next item is on sale, which the app says comes shortly.
      user.session()
          .executor()
          .schedule(
              () -> step(OperationType.GET_CURRENT_ITEM),
              BETWEEN_ITEMS_RETRY_NANOS,
              TimeUnit.NANOSECONDS);
      return;
    }
    // After fetching the current item always poll, even if that item is already over: the poll
    // wakes at the next change or times out, where fetching again at once could spin unpaced.
    OperationType next =
        type == OperationType.GET_NEXT_BID && auction.needsCurrentItem()
            ? OperationType.GET_CURRENT_ITEM
            : OperationType.GET_NEXT_BID;
    // Through the executor, so that an answer completed on the spot cannot recurse the stack.
    user.session().executor().execute(() -> step(next));
  }
}
