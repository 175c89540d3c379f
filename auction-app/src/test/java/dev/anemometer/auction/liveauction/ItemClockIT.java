package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.LiveAuctionFixture.HighBidRow;
import dev.anemometer.auction.support.TestPostgres;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The item clock of one server: OPEN → LAST_CALL → SOLD/UNSOLD → next item, and cycling. */
class ItemClockIT {

  private static final BigDecimal START = new BigDecimal("10.00");
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static InJvmAppServer server;
  private static LiveAuctionFixture fixture;
  private static final JsonHttpClient api = new JsonHttpClient();

  @BeforeAll
  static void startServer() {
    TestPostgres.Database database = TestPostgres.newDatabase();
    server =
        InJvmAppServer.start(
            database,
            Map.of(
                "anemometer.live-auction.open-duration", "1s",
                "anemometer.live-auction.last-call-duration", "1s",
                "anemometer.live-auction.clock-tick", "100ms",
                "anemometer.live-auction.repair-interval", "200ms"));
    fixture = LiveAuctionFixture.on(database);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Test
  void aBidItemGoesToLastCallThenIsSoldToTheHighBidderAndTheNextItemOpens() {
    // due far away: the bid arms the clock, so the count below is exact
    Auction auction = fixture.runningAuction(3, START, Duration.ofMinutes(10));
    long first = auction.itemIds().get(0);
    long second = auction.itemIds().get(1);
    long bidder = fixture.user(new BigDecimal("100.00"));
    Response bid = bid(auction, first, bidder, "25.00");
    assertThat(bid.json().get("outcome").asString()).isEqualTo("ACCEPTED_HIGH");

    HighBidRow sold =
        await("the first item to be sold")
            .atMost(WAIT)
            .until(() -> fixture.highBid(first), row -> row.state().equals("SOLD"));

    // accepted bid, LAST_CALL, SOLD: each a change that polls can see
    assertThat(sold.bidCount()).isEqualTo(3);
    assertThat(sold.bidderId()).isEqualTo(bidder);
    assertThat(sold.armed()).isFalse();
    assertThat(fixture.itemState(first)).isEqualTo("SOLD");
    assertThat(fixture.credit(bidder)).isEqualByComparingTo("75.00");
    assertThat(fixture.itemState(second)).isEqualTo("ACTIVE");
    assertThat(fixture.highBid(second).state()).isIn("OPEN", "LAST_CALL", "UNSOLD");
    Response current = api.get(currentItemUri(auction), server.token(bidder));
    assertThat(current.json().get("itemId").asLong()).isIn(second, auction.itemIds().get(2), first);
  }

  @Test
  void anItemWithoutBidsIsUnsold() {
    Auction auction = fixture.runningAuction(2, START, Duration.ofMillis(100));
    long first = auction.itemIds().get(0);

    await("the first item to close")
        .atMost(WAIT)
        .until(() -> fixture.itemState(first), "UNSOLD"::equals);

    HighBidRow row = fixture.highBid(first);
    assertThat(row.amount()).isNull();
    assertThat(row.bidderId()).isNull();
  }

  /** What a data reset leaves: an opening price without a bidder, the clock unarmed (infinity). */
  @Test
  void anItemWaitingForItsFirstBidStaysOpenUntilABidArmsItsClock() {
    Auction auction = fixture.runningAuction(2, START, Duration.ofMinutes(10));
    long first = auction.itemIds().get(0);
    fixture
        .jdbc()
        .update("UPDATE high_bid SET amount = 50.00, due_at = 'infinity' WHERE item_id = ?", first);

    // Ten clock ticks and several repair rounds: an unarmed item is neither closed nor re-armed.
    await("the waiting item to stay open")
        .during(Duration.ofSeconds(2))
        .atMost(WAIT)
        .until(
            () ->
                fixture
                    .jdbc()
                    .queryForObject(
                        "SELECT state || ' due ' || due_at FROM high_bid WHERE item_id = ?",
                        String.class,
                        first),
            "OPEN due infinity"::equals);
    long bidder = fixture.user(new BigDecimal("100.00"));
    assertThat(bid(auction, first, bidder, "50.00").json().get("outcome").asString())
        .isNotEqualTo("ACCEPTED_HIGH");
    assertThat(bid(auction, first, bidder, "55.00").json().get("outcome").asString())
        .isEqualTo("ACCEPTED_HIGH");

    HighBidRow sold =
        await("the first item to be sold")
            .atMost(WAIT)
            .until(() -> fixture.highBid(first), row -> row.state().equals("SOLD"));
    assertThat(sold.bidderId()).isEqualTo(bidder);
    assertThat(fixture.credit(bidder)).isEqualByComparingTo("45.00");
  }

  @Test
  void anAuctionRestartsFromItsFirstItemWhenItsItemsRunOut() {
    Auction auction = fixture.runningAuction(2, START, Duration.ofMillis(100));
    long first = auction.itemIds().get(0);
    long second = auction.itemIds().get(1);

    // first: OPEN (0) → LAST_CALL (1) → UNSOLD (2), second runs, then first again: re-opened (3)
    HighBidRow reopened =
        await("the first item to be auctioned again")
            .atMost(WAIT)
            .until(
                () -> fixture.highBid(first),
                row -> row.bidCount() >= 3 && row.state().equals("OPEN"));

    assertThat(reopened.amount()).isNull();
    assertThat(fixture.highBid(second).bidCount()).isGreaterThanOrEqualTo(3);
    assertThat(fixture.itemState(first)).isEqualTo("ACTIVE");
  }

  @Test
  void aRunningAuctionWithoutALiveItemGetsItsFirstItemActivated() {
    Auction auction = fixture.auction("RUNNING", 2, START);
    long first = auction.itemIds().get(0);

    await("the repair to activate the first item")
        .atMost(WAIT)
        .until(
            () ->
                fixture
                    .jdbc()
                    .queryForList(
                        "SELECT state FROM high_bid WHERE item_id = ?", String.class, first),
            states -> !states.isEmpty());

    assertThat(fixture.highBid(first).bidCount()).isGreaterThanOrEqualTo(1);
    Long current =
        fixture
            .jdbc()
            .queryForObject(
                "SELECT current_item_id FROM auction WHERE id = ?", Long.class, auction.id());
    assertThat(current).isIn(first, auction.itemIds().get(1));
  }

  @Test
  void aLiveItemLeftWithoutADueTimeIsArmedAndMovesOn() {
    Auction auction = fixture.runningAuction(2, START, Duration.ofMinutes(10));
    long first = auction.itemIds().get(0);
    fixture.jdbc().update("UPDATE high_bid SET due_at = NULL WHERE item_id = ?", first);

    await("the unarmed item to be closed")
        .atMost(WAIT)
        .until(() -> fixture.itemState(first), "UNSOLD"::equals);
  }

  @Test
  void aParkedPollWakesWhenTheClockMovesTheItem() throws Exception {
    Auction auction = fixture.runningAuction(2, START, Duration.ofSeconds(1));
    long first = auction.itemIds().get(0);
    long user = fixture.user(BigDecimal.TEN);
    int count = fixture.highBid(first).bidCount();

    CompletableFuture<Response> poll =
        api.getAsync(
            server.uri(
                "/api/auctions/" + auction.id() + "/items/" + first + "/next-bid?after=" + count),
            server.token(user));

    Response answer = poll.get(60, TimeUnit.SECONDS);
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.json().get("bidCount").asInt()).isGreaterThan(count);
    assertThat(answer.json().get("state").asString()).isIn("LAST_CALL", "UNSOLD");
  }

  private static Response bid(Auction auction, long item, long bidder, String amount) {
    return api.postJson(
        server.uri("/api/auctions/" + auction.id() + "/items/" + item + "/bids"),
        server.token(bidder),
        "{\"amount\": " + amount + "}");
  }

  private static java.net.URI currentItemUri(Auction auction) {
    return server.uri("/api/auctions/" + auction.id() + "/current-item");
  }
}
