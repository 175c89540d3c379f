package dev.anemometer.auction.bid;

import dev.anemometer.auction.liveauction.LiveAuctionProperties;
import dev.anemometer.auction.system.security.AuthenticatedUser;
import java.math.BigDecimal;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** PlaceBid: judged synchronously; a 201 means the bid and its outcome are durable. */
@RestController
class BidController {

  private final BidDecider decider;
  private final BidMetrics metrics;
  private final LiveAuctionProperties properties;

  BidController(BidDecider decider, BidMetrics metrics, LiveAuctionProperties properties) {
    this.decider = decider;
    this.metrics = metrics;
    this.properties = properties;
  }

  @PostMapping(
      path = "/api/auctions/{auctionId}/items/{itemId}/bids",
      consumes = MediaType.APPLICATION_JSON_VALUE)
  @ResponseStatus(HttpStatus.CREATED)
  BidResponse placeBid(
      @PathVariable long auctionId,
      @PathVariable long itemId,
      AuthenticatedUser caller,
      @RequestBody BidRequest request) {
    BigDecimal amount = BidAmounts.validate(request.amount(), properties.maxBidAmount());
    BidResponse response = decider.place(auctionId, itemId, caller.userId(), amount);
    metrics.judged(response.outcome());
    return response;
  }
}
