package dev.anemometer.auction.liveauction;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import tools.jackson.databind.JsonNode;

/**
 * Bidders and followers of one live auction, as the workload driver's users behave: follow the
 * current item, bid a few percent over the high bid until a cap, otherwise wait in a long poll.
 * Every response is recorded so that the test can audit the database against it afterwards.
 */
final class LiveTraffic {

  /** One acknowledged (or failed) PlaceBid. */
  record Ack(
      String server,
      long bidderId,
      long itemId,
      BigDecimal amount,
      int status,
      long bidId,
      String outcome,
      BigDecimal highAmount,
      Long highBidderId,
      int highCount) {}

  /** One answered long poll. */
  record Poll(
      String server,
      long itemId,
      int after,
      int status,
      int count,
      BigDecimal amount,
      Long bidderId) {}

  /** What a participant last saw of the item it follows. */
  private record Seen(long itemId, HighBidView highBid) {}

  final Queue<Ack> acks = new ConcurrentLinkedQueue<>();
  final Queue<Poll> polls = new ConcurrentLinkedQueue<>();
  final Queue<String> failures = new ConcurrentLinkedQueue<>();

  private final JsonHttpClient api;
  private final long auctionId;
  private final Set<Long> contestedItems;
  private final BigDecimal startingBid;
  private final BigDecimal cap;
  private final long deadlineNanos;

  LiveTraffic(
      JsonHttpClient api,
      long auctionId,
      Set<Long> contestedItems,
      BigDecimal startingBid,
      BigDecimal cap,
      long deadlineNanos) {
    this.api = api;
    this.startingBid = startingBid;
    this.auctionId = auctionId;
    this.contestedItems = contestedItems;
    this.cap = cap;
    this.deadlineNanos = deadlineNanos;
  }

  /** Bids on each contested item in turn until the auction moves past them. */
  void bidder(String serverName, InJvmAppServer server, long bidderId, String token) {
    Seen seen = currentItem(server, token);
    while (seen != null && contestedItems.contains(seen.itemId()) && inTime()) {
      HighBidView high = seen.highBid();
      if (!high.isLive()) {
        seen = currentItem(server, token);
      } else if (wantsToBid(high, bidderId)) {
        seen = bid(serverName, server, token, bidderId, seen);
      } else {
        seen = waitForChange(serverName, server, token, seen);
      }
    }
  }

  /** Follows the auction with long polls only, as a driver's asynchronous follower does. */
  void follower(String serverName, InJvmAppServer server, String token) {
    Seen seen = currentItem(server, token);
    while (seen != null && contestedItems.contains(seen.itemId()) && inTime()) {
      seen = waitForChange(serverName, server, token, seen);
    }
  }

  private boolean wantsToBid(HighBidView high, long bidderId) {
    boolean leading = high.bidderId() != null && high.bidderId() == bidderId;
    return !leading && (high.amount() == null || high.amount().compareTo(cap) < 0);
  }

  private Seen bid(
      String serverName, InJvmAppServer server, String token, long bidderId, Seen seen) {
    BigDecimal amount = nextAmount(seen.highBid().amount());
    Response response =
        api.postJson(
            server.uri("/api/auctions/" + auctionId + "/items/" + seen.itemId() + "/bids"),
            token,
            "{\"amount\": " + amount.toPlainString() + "}");
    if (response.status() != 201) {
      failures.add("bid on " + serverName + ": " + response.status() + " " + response.body());
      acks.add(
          new Ack(
              serverName,
              bidderId,
              seen.itemId(),
              amount,
              response.status(),
              0,
              null,
              null,
              null,
              0));
      return currentItem(server, token);
    }
    JsonNode body = response.json();
    JsonNode high = body.get("highBid");
    String outcome = body.get("outcome").asString();
    HighBidView view = high == null || high.isNull() ? null : view(high);
    acks.add(
        new Ack(
            serverName,
            bidderId,
            seen.itemId(),
            amount,
            201,
            body.get("bidId").asLong(),
            outcome,
            view == null ? null : view.amount(),
            view == null ? null : view.bidderId(),
            view == null ? -1 : view.bidCount()));
    if (view == null || outcome.equals("ITEM_NOT_ACTIVE")) {
      return currentItem(server, token);
    }
    return new Seen(seen.itemId(), view);
  }

  private Seen waitForChange(String serverName, InJvmAppServer server, String token, Seen seen) {
    int after = seen.highBid().bidCount();
    Response response =
        api.get(
            server.uri(
                "/api/auctions/"
                    + auctionId
                    + "/items/"
                    + seen.itemId()
                    + "/next-bid?after="
                    + after),
            token);
    if (response.status() == 204) {
      polls.add(new Poll(serverName, seen.itemId(), after, 204, -1, null, null));
      return currentItem(server, token);
    }
    if (response.status() != 200) {
      failures.add("poll on " + serverName + ": " + response.status() + " " + response.body());
      return currentItem(server, token);
    }
    HighBidView view = view(response.json());
    polls.add(
        new Poll(
            serverName,
            seen.itemId(),
            after,
            200,
            view.bidCount(),
            view.amount(),
            view.bidderId()));
    return view.isLive() ? new Seen(seen.itemId(), view) : currentItem(server, token);
  }

  private Seen currentItem(InJvmAppServer server, String token) {
    Response response = api.get(server.uri("/api/auctions/" + auctionId + "/current-item"), token);
    if (response.status() != 200) {
      failures.add("current item: " + response.status() + " " + response.body());
      return null;
    }
    return new Seen(response.json().get("itemId").asLong(), view(response.json().get("highBid")));
  }

  private static HighBidView view(JsonNode node) {
    JsonNode amount = node.get("amount");
    JsonNode bidder = node.get("bidderId");
    return new HighBidView(
        amount == null || amount.isNull() ? null : amount.decimalValue(),
        bidder == null || bidder.isNull() ? null : bidder.asLong(),
        node.get("bidCount").asInt(),
        node.get("state").asString());
  }

  /** 1–6 % over the high bid, as the driver bids; the starting bid when there is none. */
  private BigDecimal nextAmount(BigDecimal high) {
    if (high == null) {
      return startingBid;
    }
    double raise = ThreadLocalRandom.current().nextDouble(0.01, 0.06);
    BigDecimal next =
        high.multiply(BigDecimal.valueOf(1 + raise)).setScale(2, RoundingMode.HALF_UP);
    return next.compareTo(high) > 0 ? next : high.add(new BigDecimal("0.01"));
  }

  private boolean inTime() {
    return System.nanoTime() < deadlineNanos;
  }
}
