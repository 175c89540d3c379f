package dev.anemometer.auction.liveauction;

import dev.anemometer.auction.system.security.AuthenticatedUser;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/** What a follower of a live auction asks: the current item, then each change of its bidding. */
@RestController
@RequestMapping("/api/auctions/{auctionId}")
class LiveAuctionController {

  private final CurrentItemReader currentItems;
  private final HighBidReader highBids;
  private final LongPollRegistry polls;

  LiveAuctionController(
      CurrentItemReader currentItems, HighBidReader highBids, LongPollRegistry polls) {
    this.currentItems = currentItems;
    this.highBids = highBids;
    this.polls = polls;
  }

  @GetMapping("/current-item")
  CurrentItemView currentItem(@PathVariable long auctionId, AuthenticatedUser caller) {
    CurrentItemReader.AuctionNow now =
        currentItems.read(auctionId).stream()
            .findFirst()
            .orElseThrow(() -> LiveAuctionProblems.notFound("auction", auctionId));
    if (!"RUNNING".equals(now.auctionState())) {
      throw LiveAuctionProblems.conflict(
          "auction-not-running",
          "Auction not running",
          "auction " + auctionId + " is " + now.auctionState());
    }
    if (now.item() == null) {
      throw LiveAuctionProblems.conflict(
          "no-current-item",
          "No current item",
          "auction " + auctionId + " has no active item right now; retry shortly");
    }
    return now.item();
  }

  /**
   * Long poll: answers as soon as the item's bid count differs from {@code after} (every accepted
   * bid and every state change raises it), or 204 after the poll timeout. While it waits it holds
   * no request thread. A user already waiting on {@code max-polls-per-user} polls here gets 429.
   */
  @GetMapping("/items/{itemId}/next-bid")
  DeferredResult<ResponseEntity<HighBidView>> nextBid(
      @PathVariable long auctionId,
      @PathVariable long itemId,
      AuthenticatedUser caller,
      @RequestParam int after) {
    if (after < 0) {
      throw LiveAuctionProblems.invalidField("after", "after must be a bid count ≥ 0");
    }
    DeferredResult<ResponseEntity<HighBidView>> result = polls.newResult();
    LongPollRegistry.ParkedPoll poll = polls.park(caller.userId(), itemId, after, result);
    try {
      HighBidView current =
          highBids
              .stateOf(auctionId, itemId)
              .orElseThrow(() -> LiveAuctionProblems.notFound("item", itemId));
      poll.answerIfChanged(current);
    } catch (RuntimeException e) {
      poll.abandon();
      throw e;
    }
    return result;
  }
}
