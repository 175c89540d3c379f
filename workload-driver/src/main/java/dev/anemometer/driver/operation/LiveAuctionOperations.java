package dev.anemometer.driver.operation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** Taking part in live auctions: joining, leaving, following the current item and bidding. */
final class LiveAuctionOperations {

  private final BidStrategy bidStrategy;
  private final AcknowledgedBidSink acknowledgedBids;

  LiveAuctionOperations(BidStrategy bidStrategy, AcknowledgedBidSink acknowledgedBids) {
    this.bidStrategy = bidStrategy;
    this.acknowledgedBids = acknowledgedBids;
  }

  CompletionStage<OperationOutcome> join(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    long auctionId = user.randomUnfollowedAuction();
    if (auctionId < 0) {
      return exchange.finish(BrowseOperations.failed("no auction to join"));
    }
    Call attend = Call.post(ApiPaths.attendance(auctionId), ApiPaths.ATTENDANCE);
    Call auction = Call.get(ApiPaths.auction(auctionId), ApiPaths.AUCTION);
    FollowedAuction followed = new FollowedAuction(auctionId, user.rankOf(auctionId));
    return exchange.finish(
        exchange
            .send(attend, 201, 200, 204)
            .thenCompose(attended -> exchange.json(auction, JsonShape.NONE, 200))
            .thenCompose(detail -> currentItem(exchange, followed))
            .thenCompose(exchange::concurrently)
            // Only a fully joined auction is followed, so that a failed join leaves no follower.
            .thenAccept(done -> user.follow(followed)));
  }

  CompletionStage<OperationOutcome> leave(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    List<FollowedAuction> followed = new ArrayList<>(user.followed());
    if (followed.isEmpty()) {
      return exchange.finish(BrowseOperations.failed("no auction to leave"));
    }
    long auctionId = followed.get(user.random().nextInt(followed.size())).auctionId();
    user.unfollow(auctionId);
    Call call = Call.delete(ApiPaths.attendance(auctionId), ApiPaths.ATTENDANCE);
    return exchange.finish(exchange.send(call, 204, 200));
  }

  /** GetCurrentItem of a follower: the item on sale and its thumbnail. */
  CompletionStage<OperationOutcome> currentItem(UserContext user, FollowedAuction followed) {
    Exchange exchange = new Exchange(user.session());
    return exchange.finish(currentItem(exchange, followed).thenCompose(exchange::concurrently));
  }

  /** GetNextBid of a follower: a long poll that answers at the next bid or state change. */
  CompletionStage<OperationOutcome> nextBid(UserContext user, FollowedAuction followed) {
    Exchange exchange = new Exchange(user.session());
    long itemId = followed.itemId();
    Call call =
        Call.get(
            ApiPaths.nextBid(followed.auctionId(), itemId, followed.bidCount()), ApiPaths.NEXT_BID);
    return exchange.finish(
        exchange
            .send(call, 200, 204)
            .thenAccept(
                response -> {
                  if (response.status() == 204) {
                    return; // the poll timed out with no news: poll again
                  }
                  JsonFields highBid = Exchange.parse(call, response, JsonReads.NEXT_BID);
                  long answeredItem = highBid.longOr(ApiFields.ITEM_ID, itemId);
                  if (answeredItem != itemId) {
                    followed.itemChanged();
                    return;
                  }
                  JsonReads.deliveredHighBid(highBid, followed, call);
                }));
  }

  /** Whether some followed item takes bids, the user is not its high bidder and can pay more. */
  boolean canBid(UserContext user) {
    return !biddable(user).isEmpty();
  }

  CompletionStage<OperationOutcome> placeBid(UserContext user) {
    Exchange exchange = new Exchange(user.session());
    List<FollowedAuction> candidates = biddable(user);
    if (candidates.isEmpty()) {
      // The user chose to bid a cycle time ago; the item may have closed since. A person with the
      // page open would still press the button: the app answers (ITEM_NOT_ACTIVE, OUTBID).
      candidates = withKnownItem(user);
    }
    if (candidates.isEmpty()) {
      return exchange.finish(BrowseOperations.failed("nothing to bid on"));
    }
    FollowedAuction target = candidates.get(user.random().nextInt(candidates.size()));
    BigDecimal amount = bidStrategy.nextBid(target.price(), user.random());
    byte[] body = SessionOperations.json("{\"%s\":%s}", ApiFields.AMOUNT, amount.toPlainString());
    Call call =
        Call.postJson(ApiPaths.bids(target.auctionId(), target.itemId()), body, ApiPaths.BIDS);
    long itemId = target.itemId();
    return exchange.finish(
        exchange
            .json(call, JsonReads.BID_ANSWER, 201)
            .thenAccept(
                answer -> {
                  String outcome = JsonReads.requiredString(answer, ApiFields.OUTCOME, call);
                  acknowledged(answer, itemId, user, amount, outcome);
                  JsonFields highBid = answer.object(ApiFields.HIGH_BID);
                  // The follower may have moved on to the next item while the bid was out.
                  if (highBid != null && target.itemId() == itemId) {
                    JsonReads.highBid(highBid, target, call);
                  }
                }));
  }

  /**
   * Reports a 201 to the audit's sink. A reply without {@code bidId} (an app older than the audit)
   * cannot be matched to a stored bid, so it is not reported.
   */
  private void acknowledged(
      JsonFields answer, long itemId, UserContext user, BigDecimal amount, String outcome) {
    long bidId = answer.longOr(ApiFields.BID_ID, -1);
    if (bidId >= 0) {
      // A 201 means the app took the amount as sent, which it only does with at most two decimals.
      long amountCents = amount.movePointRight(2).longValue();
      acknowledgedBids.acknowledged(bidId, itemId, user.userId(), amountCents, outcome);
    }
  }

  /** Fetches the current item into {@code followed}; answers the thumbnail calls to make. */
  private static CompletionStage<List<Call>> currentItem(
      Exchange exchange, FollowedAuction followed) {
    Call call = Call.get(ApiPaths.currentItem(followed.auctionId()), ApiPaths.CURRENT_ITEM);
    return exchange
        .send(call, 200, 409)
        .thenApply(
            response -> {
              JsonFields answer = Exchange.parse(call, response, JsonReads.CURRENT_ITEM);
              if (response.status() == 409) {
                betweenItems(answer, call);
                followed.noCurrentItem();
                return List.of();
              }
              ItemRef ref = JsonReads.itemRef(answer, call);
              BigDecimal startingBid = answer.decimalOrNull(ApiFields.STARTING_BID);
              JsonFields highBid = JsonReads.requiredObject(answer, ApiFields.HIGH_BID, call);
              if (followed.nextItem(ref.itemId())) {
                // The item sold: the follower waited for the next one, due when it opened.
                followed.delivered(
                    Notification.ITEM_CHANGE, highBid.longOr(ApiFields.CHANGED_AT_MICROS, 0));
              }
              followed.currentItem(
                  ref.itemId(), startingBid == null ? BigDecimal.ZERO : startingBid);
              JsonReads.highBid(highBid, followed, call);
              return BrowseOperations.firstImages(List.of(ref), ApiFields.THUMBNAIL);
            });
  }

  /**
   * Accepts the 409 of an auction between two items (the next one comes shortly); any other 409,
   * such as an auction that is not running, fails the operation.
   */
  private static void betweenItems(JsonFields problem, Call call) {
    String type = problem.stringOr(ApiFields.PROBLEM_TYPE, "");
    if (!type.endsWith(ApiFields.NO_CURRENT_ITEM)) {
      throw new OperationFailure("status 409 on " + call.template());
    }
  }

  private static List<FollowedAuction> withKnownItem(UserContext user) {
    List<FollowedAuction> known = new ArrayList<>(2);
    for (FollowedAuction followed : user.followed()) {
      if (followed.itemId() > 0) {
        known.add(followed);
      }
    }
    return known;
  }

  private List<FollowedAuction> biddable(UserContext user) {
    List<FollowedAuction> biddable = new ArrayList<>(2);
    for (FollowedAuction followed : user.followed()) {
      if (followed.itemLive()
          && !followed.highBidder(user.userId())
          && bidStrategy.affordable(followed.price())) {
        biddable.add(followed);
      }
    }
    return biddable;
  }
}
