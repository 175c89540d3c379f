package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.TestPostgres;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Every parked poll is answered, by a change or by its timeout, even when changes land at the
 * moment polls time out. Many short polls on a few items, with bids arriving all the time, make
 * that collision happen thousands of times. A poll lost in it is answered only by a net tens of
 * seconds later (the container's async timeout, or Tomcat's 60-s connection timeout; a driver
 * records a read timeout), so a poll that outlives its timeout by 20 s was lost. A stall of the
 * database or the machine of a few seconds delays whole requests, not one poll's answer, and is
 * printed as the slowest poll but not judged here.
 */
class PollTimeoutsIT {

  private static final Duration POLL_TIMEOUT = Duration.ofMillis(500);
  private static final long LATE_MILLIS = POLL_TIMEOUT.toMillis() + 20_000;
  private static final int ITEMS = 8;
  private static final int FOLLOWERS = 200;

  /**
   * Each follower user holds exactly as many polls as the per-user bound allows, so a place given
   * back late (after the answer reached the client) or never shows up as a 429 in {@code failed}.
   */
  private static final int FOLLOWERS_PER_USER = 8;

  private static final Duration RUN = Duration.ofSeconds(25);

  private final JsonHttpClient api = new JsonHttpClient();

  @Test
  void everyPollIsAnsweredByAChangeOrItsTimeoutWhileBidsKeepArriving() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    try (InJvmAppServer server =
        InJvmAppServer.start(
            database,
            Map.of(
                "anemometer.live-auction.open-duration",
                "10m",
                "anemometer.live-auction.last-call-duration",
                "10m",
                "anemometer.live-auction.poll-timeout",
                POLL_TIMEOUT.toMillis() + "ms",
                "anemometer.live-auction.max-polls-per-user",
                FOLLOWERS_PER_USER))) {
      LiveAuctionFixture fixture = LiveAuctionFixture.on(server.database());
      List<Target> targets = new ArrayList<>();
      for (int i = 0; i < ITEMS; i++) {
        Auction auction = fixture.runningAuction(1, new BigDecimal("1.00"), Duration.ofMinutes(10));
        targets.add(new Target(auction.id(), auction.itemIds().get(0)));
      }
      List<String> followerTokens = new ArrayList<>();
      for (int i = 0; i < FOLLOWERS; i += FOLLOWERS_PER_USER) {
        followerTokens.add(server.token(fixture.user(new BigDecimal("10.00"))));
      }
      List<String> bidderTokens =
          fixture.users(ITEMS, new BigDecimal("100000000.00")).stream().map(server::token).toList();
      long deadline = System.nanoTime() + RUN.toNanos();
      Outcomes outcomes = new Outcomes();

      List<CompletableFuture<Void>> followers = new ArrayList<>();
      for (int i = 0; i < FOLLOWERS; i++) {
        String token = followerTokens.get(i / FOLLOWERS_PER_USER);
        followers.add(follow(server, token, targets.get(i % ITEMS), 0, deadline, outcomes));
      }
      List<Thread> bidders = new ArrayList<>();
      for (int i = 0; i < ITEMS; i++) {
        Target target = targets.get(i);
        String token = bidderTokens.get(i);
        Thread bidder = new Thread(() -> bid(server, token, target, deadline), "bidder-" + i);
        bidder.start();
        bidders.add(bidder);
      }
      for (Thread bidder : bidders) {
        bidder.join();
      }
      CompletableFuture.allOf(followers.toArray(CompletableFuture[]::new)).join();

      System.out.printf(
          "PollTimeoutsIT: %d polls answered by a change, %d by their timeout, %d late; the slowest"
              + " in %d ms%n",
          outcomes.changed.get(),
          outcomes.timedOut.get(),
          outcomes.late.size(),
          outcomes.slowestMillis.get());
      assertThat(outcomes.timedOut.get()).as("polls that timed out").isPositive();
      assertThat(outcomes.changed.get()).as("polls answered by a bid").isPositive();
      assertThat(outcomes.late).as("polls answered after their timeout + 20 s").isEmpty();
      assertThat(outcomes.failed).as("polls answered with an error").isEmpty();
    }
  }

  private CompletableFuture<Void> follow(
      InJvmAppServer server, String token, Target target, int after, long deadline, Outcomes out) {
    if (System.nanoTime() > deadline) {
      return CompletableFuture.completedFuture(null);
    }
    long started = System.nanoTime();
    return api.getAsync(
            server.uri(
                "/api/auctions/"
                    + target.auctionId()
                    + "/items/"
                    + target.itemId()
                    + "/next-bid?after="
                    + after),
            token)
        .thenCompose(
            response -> {
              long millis = (System.nanoTime() - started) / 1_000_000;
              out.slowestMillis.accumulateAndGet(millis, Math::max);
              if (millis > LATE_MILLIS) {
                out.late.add(
                    millis
                        + " ms for a poll after "
                        + after
                        + " on "
                        + target
                        + ": "
                        + response.status()
                        + " "
                        + response.body());
              }
              int next = after;
              if (response.status() == 204) {
                out.timedOut.incrementAndGet();
              } else if (response.status() == 200) {
                out.changed.incrementAndGet();
                next = response.json().get("bidCount").asInt();
              } else {
                out.failed.add(response.status() + " " + response.body());
              }
              return follow(server, token, target, next, deadline, out);
            });
  }

  /** Bids a cent over the high bid, again and again, pausing a little between bids. */
  private void bid(InJvmAppServer server, String token, Target target, long deadline) {
    BigDecimal amount = new BigDecimal("1.00");
    while (System.nanoTime() < deadline) {
      Response response =
          api.postJson(
              server.uri(
                  "/api/auctions/" + target.auctionId() + "/items/" + target.itemId() + "/bids"),
              token,
              "{\"amount\": " + amount.toPlainString() + "}");
      if (response.status() == 201 && response.json().has("highBid")) {
        amount = new BigDecimal(response.json().get("highBid").get("amount").asString());
      }
      amount = amount.add(new BigDecimal("0.01"));
      try {
        Thread.sleep((long) (Math.random() * 2 * POLL_TIMEOUT.toMillis()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private record Target(long auctionId, long itemId) {}

  private static final class Outcomes {
    final AtomicInteger changed = new AtomicInteger();
    final AtomicInteger timedOut = new AtomicInteger();
    final AtomicLong slowestMillis = new AtomicLong();
    final Queue<String> late = new ConcurrentLinkedQueue<>();
    final Queue<String> failed = new ConcurrentLinkedQueue<>();
  }
}
