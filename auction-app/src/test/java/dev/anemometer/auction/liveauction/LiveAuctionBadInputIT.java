package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input to the bid, current-item and next-bid endpoints: every answer is a 4xx problem, and the
 * database is unchanged afterwards.
 */
class LiveAuctionBadInputIT {

  private static final Duration FAR = Duration.ofMinutes(10);

  private static InJvmAppServer server;
  private static LiveAuctionFixture fixture;
  private static final JsonHttpClient api = new JsonHttpClient();
  private static Auction auction;
  private static Auction otherAuction;
  private static long bidder;
  private static String token;
  private List<Map<String, Object>> before;

  @BeforeAll
  static void startServer() {
    // clocks too slow to interfere; the same server serves every test class that asks for them
    server = InJvmAppServer.sharedWithSlowClock();
    fixture = LiveAuctionFixture.on(server.database());
    auction = fixture.runningAuction(2, new BigDecimal("10.00"), FAR);
    otherAuction = fixture.runningAuction(1, new BigDecimal("10.00"), FAR);
    bidder = fixture.user(new BigDecimal("1000.00"));
    token = server.token(bidder);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @BeforeEach
  void snapshot() {
    before = databaseState();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"amount\": 0}",
        "{\"amount\": -5}",
        "{\"amount\": 0.001}",
        "{\"amount\": 12.345}",
        "{\"amount\": 1000000000.01}",
        "{\"amount\": 1e400}",
        "{\"amount\": 99999999999999999999999999999999999999}",
        "{\"amount\": null}",
        "{}",
        "{\"price\": 12}"
      })
  void anInvalidAmountIsA400NamingTheField(String body) {
    Response response = bid(auction.id(), auction.itemIds().get(0), body);

    assertProblem(response, 400);
    assertThat(response.json().get("type").asString())
        .isEqualTo("https://anemometer.dev/problems/invalid-field");
    assertThat(response.json().get("field").asString()).isEqualTo("amount");
    assertUnchanged();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"amount\": \"twelve\"}",
        "{\"amount\": [12]}",
        "{\"amount\": {\"value\": 12}}",
        "{\"amount\": true}",
        "{\"amount\": 12",
        "not json at all",
        "[]",
        "",
        "{\"amount\": \"1; DROP TABLE bid; --\"}"
      })
  void malformedJsonIsA400(String body) {
    Response response = bid(auction.id(), auction.itemIds().get(0), body);

    assertProblem(response, 400);
    assertUnchanged();
  }

  @Test
  void aBodyThatIsNotJsonIsA415() {
    Response response =
        api.post(bidUri(auction.id(), auction.itemIds().get(0)), token, "text/plain", "amount=12");

    assertProblem(response, 415);
    assertUnchanged();
  }

  @Test
  void unknownOrMismatchedIdsAre404() {
    long item = auction.itemIds().get(0);
    assertProblem(bid(999_999, item, "{\"amount\": 12}"), 404);
    assertProblem(bid(auction.id(), 999_999, "{\"amount\": 12}"), 404);
    assertProblem(bid(otherAuction.id(), item, "{\"amount\": 12}"), 404);
    assertProblem(get("/api/auctions/999999/current-item"), 404);
    assertProblem(get("/api/auctions/" + auction.id() + "/items/999999/next-bid?after=0"), 404);
    assertProblem(
        get("/api/auctions/" + otherAuction.id() + "/items/" + item + "/next-bid?after=0"), 404);
    assertThat(server.bean(LongPollRegistry.class).parkedCount()).isZero();
    assertUnchanged();
  }

  @Test
  void idsThatAreNotNumbersAre400() {
    assertProblem(bid("abc", "1", "{\"amount\": 12}"), 400);
    assertProblem(bid("1", "1%20OR%201=1", "{\"amount\": 12}"), 400);
    assertProblem(get("/api/auctions/abc/current-item"), 400);
    assertProblem(get("/api/auctions/1/items/x/next-bid?after=0"), 400);
    assertUnchanged();
  }

  @Test
  void aBadAfterParameterIs400() {
    String path = "/api/auctions/" + auction.id() + "/items/" + auction.itemIds().get(0);
    assertProblem(get(path + "/next-bid"), 400);
    assertProblem(get(path + "/next-bid?after=abc"), 400);
    assertProblem(get(path + "/next-bid?after=99999999999999"), 400);
    Response negative = get(path + "/next-bid?after=-1");
    assertProblem(negative, 400);
    assertThat(negative.json().get("field").asString()).isEqualTo("after");
    assertUnchanged();
  }

  @Test
  void missingOrForgedTokensAre401() {
    long item = auction.itemIds().get(0);
    String path = "/api/auctions/" + auction.id() + "/items/" + item;
    for (String bad : new String[] {null, "", "abc", "0123456789abcdef", "' OR '1'='1"}) {
      assertProblem(api.postJson(server.uri(path + "/bids"), bad, "{\"amount\": 12}"), 401);
      assertProblem(api.get(server.uri(path + "/next-bid?after=0"), bad), 401);
      assertProblem(
          api.get(server.uri("/api/auctions/" + auction.id() + "/current-item"), bad), 401);
    }
    assertUnchanged();
  }

  @Test
  void theCurrentItemOfAnAuctionThatIsNotRunningIsA409() {
    Auction future = fixture.auction("FUTURE", 1, BigDecimal.TEN);
    before = databaseState();

    assertProblem(get("/api/auctions/" + future.id() + "/current-item"), 409);
    assertUnchanged();
  }

  private static Response bid(Object auctionId, Object itemId, String body) {
    return api.postJson(
        server.uri("/api/auctions/" + auctionId + "/items/" + itemId + "/bids"), token, body);
  }

  private static java.net.URI bidUri(long auctionId, long itemId) {
    return server.uri("/api/auctions/" + auctionId + "/items/" + itemId + "/bids");
  }

  private static Response get(String path) {
    return api.get(server.uri(path), token);
  }

  private static void assertProblem(Response response, int status) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.isProblem()).as(response.contentType()).isTrue();
    assertThat(response.json().get("status").asInt()).isEqualTo(status);
    assertThat(response.json().get("title").asString()).isNotBlank();
  }

  private void assertUnchanged() {
    assertThat(databaseState()).isEqualTo(before);
  }

  private static List<Map<String, Object>> databaseState() {
    return fixture
        .jdbc()
        .queryForList(
            """
            SELECT 'bid' AS what, count(*)::text AS state FROM bid
            UNION ALL
            SELECT 'high_bid ' || item_id, concat_ws(',', amount, bidder_id, bid_count, state)
            FROM high_bid
            UNION ALL
            SELECT 'credit', sum(credit_limit)::text FROM app_user
            ORDER BY 1
            """);
  }
}
