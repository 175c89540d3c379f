package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Parked long polls hold no request thread: far more can wait than the server has threads. */
class ParkedPollsIT {

  private static final int POLLS = 60; // the shared server has 8 request threads
  private static final Duration WAIT = Duration.ofSeconds(90);

  private final JsonHttpClient api = new JsonHttpClient();

  @Test
  void manyMorePollsThanRequestThreadsWaitAndTheServerStillAnswers() throws Exception {
    InJvmAppServer server = InJvmAppServer.sharedWithSlowClock();
    LiveAuctionFixture fixture = LiveAuctionFixture.on(server.database());
    Auction auction = fixture.runningAuction(1, new BigDecimal("10.00"), Duration.ofMinutes(10));
    long item = auction.itemIds().get(0);
    LongPollRegistry registry = server.bean(LongPollRegistry.class);
    // As many users as the per-user bound asks, each holding as many polls as it allows.
    List<String> tokens = new ArrayList<>();
    for (int parked = 0; parked < POLLS; parked += registry.maxPollsPerUser()) {
      tokens.add(server.token(fixture.user(new BigDecimal("1000.00"))));
    }
    String token = tokens.get(0);
    int parkedBefore = registry.parkedCount();

    List<CompletableFuture<Response>> polls = new ArrayList<>();
    for (int i = 0; i < POLLS; i++) {
      polls.add(
          api.getAsync(
              server.uri("/api/auctions/" + auction.id() + "/items/" + item + "/next-bid?after=0"),
              tokens.get(i / registry.maxPollsPerUser())));
    }
    await("every poll to park")
        .atMost(WAIT)
        .until(() -> registry.parkedCount() == parkedBefore + POLLS);

    Response current =
        api.get(server.uri("/api/auctions/" + auction.id() + "/current-item"), token);
    assertThat(current.status()).as("a request thread is still free").isEqualTo(200);
    Response bid =
        api.postJson(
            server.uri("/api/auctions/" + auction.id() + "/items/" + item + "/bids"),
            token,
            "{\"amount\": 10.00}");
    assertThat(bid.json().get("outcome").asString()).isEqualTo("ACCEPTED_HIGH");

    for (CompletableFuture<Response> poll : polls) {
      Response answer = poll.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.json().get("bidCount").asInt()).isEqualTo(1);
    }
    assertThat(registry.parkedCount()).isEqualTo(parkedBefore);
  }
}
