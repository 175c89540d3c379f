package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One user may hold only so many long polls on a server: one more is answered 429 at once, with a
 * problem body, while other users' polls and the user's other requests go on as before.
 */
class PollsPerUserIT {

  private static final Duration WAIT = Duration.ofSeconds(60);

  private final JsonHttpClient api = new JsonHttpClient();

  @Test
  void aUserBeyondTheBoundGets429WhileOtherUsersAreUnaffected() throws Exception {
    InJvmAppServer server = InJvmAppServer.sharedWithSlowClock();
    LiveAuctionFixture fixture = LiveAuctionFixture.on(server.database());
    Auction auction = fixture.runningAuction(1, new BigDecimal("10.00"), Duration.ofMinutes(10));
    long item = auction.itemIds().get(0);
    long greedy = fixture.user(new BigDecimal("1000.00"));
    String greedyToken = server.token(greedy);
    long other = fixture.user(new BigDecimal("1000.00"));
    String otherToken = server.token(other);
    LongPollRegistry registry = server.bean(LongPollRegistry.class);
    int bound = registry.maxPollsPerUser();
    URI poll = server.uri("/api/auctions/" + auction.id() + "/items/" + item + "/next-bid?after=0");

    List<CompletableFuture<Response>> held = new ArrayList<>();
    for (int i = 0; i < bound; i++) {
      held.add(api.getAsync(poll, greedyToken));
    }
    await("the user's polls to park").atMost(WAIT).until(() -> registry.parkedBy(greedy) == bound);
    Response excess = api.get(poll, greedyToken);
    CompletableFuture<Response> othersPoll = api.getAsync(poll, otherToken);
    await("the other user's poll to park").atMost(WAIT).until(() -> registry.parkedBy(other) == 1);

    assertThat(excess.status()).isEqualTo(429);
    assertThat(excess.isProblem()).isTrue();
    assertThat(excess.json().get("type").asString()).endsWith("/too-many-requests");
    assertThat(excess.json().get("detail").asString()).contains(String.valueOf(bound));
    assertThat(registry.parkedBy(greedy)).as("the refused poll was not parked").isEqualTo(bound);
    Response current =
        api.get(server.uri("/api/auctions/" + auction.id() + "/current-item"), greedyToken);
    assertThat(current.status()).as("the user's other requests still answer").isEqualTo(200);

    bid(server, auction, item, otherToken, "10.00");
    for (CompletableFuture<Response> answer : held) {
      assertThat(answer.get(WAIT.toSeconds(), TimeUnit.SECONDS).status()).isEqualTo(200);
    }
    Response othersAnswer = othersPoll.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(othersAnswer.status()).isEqualTo(200);
    assertThat(othersAnswer.json().get("bidCount").asInt()).isEqualTo(1);
    assertThat(registry.parkedBy(greedy)).as("every answered poll gave its place back").isZero();

    URI again =
        server.uri("/api/auctions/" + auction.id() + "/items/" + item + "/next-bid?after=1");
    CompletableFuture<Response> afterwards = api.getAsync(again, greedyToken);
    await("the user to park again").atMost(WAIT).until(() -> registry.parkedBy(greedy) == 1);
    bid(server, auction, item, otherToken, "11.00");
    assertThat(afterwards.get(WAIT.toSeconds(), TimeUnit.SECONDS).status()).isEqualTo(200);
  }

  private void bid(InJvmAppServer server, Auction auction, long item, String token, String amount) {
    Response bid =
        api.postJson(
            server.uri("/api/auctions/" + auction.id() + "/items/" + item + "/bids"),
            token,
            "{\"amount\": " + amount + "}");
    assertThat(bid.status()).isEqualTo(201);
  }
}
