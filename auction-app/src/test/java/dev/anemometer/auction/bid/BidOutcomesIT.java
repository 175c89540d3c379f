package dev.anemometer.auction.bid;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.LiveAuctionFixture.HighBidRow;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Each outcome of PlaceBid, judged by one server with a clock too slow to interfere. */
class BidOutcomesIT {

  private static final BigDecimal START = new BigDecimal("10.00");
  private static final Duration FAR = Duration.ofMinutes(10);

  private static InJvmAppServer server;
  private static LiveAuctionFixture fixture;
  private static final JsonHttpClient api = new JsonHttpClient();

  @BeforeAll
  static void startServer() {
    // clocks too slow to interfere; the same server serves every test class that asks for them
    server = InJvmAppServer.sharedWithSlowClock();
    fixture = LiveAuctionFixture.on(server.database());
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }

  @Test
  void aHigherBidBecomesTheHighBidAndIsStored() {
    Auction auction = fixture.runningAuction(2, START, FAR);
    long bidder = fixture.user(new BigDecimal("500.00"));
    long item = auction.itemIds().get(0);

    Response first = bid(auction.id(), item, bidder, "12.50");
    Response second = bid(auction.id(), item, bidder, "13");

    assertThat(first.status()).isEqualTo(201);
    assertThat(first.json().get("highBid").properties())
        .extracting(Map.Entry::getKey)
        .containsExactlyInAnyOrder("amount", "bidderId", "bidCount", "state", "changedAtMicros");
    assertThat(first.json().get("outcome").asString()).isEqualTo("ACCEPTED_HIGH");
    assertThat(first.json().get("highBid").get("amount").decimalValue())
        .isEqualByComparingTo("12.5");
    assertThat(first.json().get("highBid").get("bidderId").asLong()).isEqualTo(bidder);
    assertThat(first.json().get("highBid").get("bidCount").asInt()).isEqualTo(1);
    assertThat(first.json().get("highBid").get("state").asString()).isEqualTo("OPEN");
    assertThat(second.json().get("highBid").get("bidCount").asInt()).isEqualTo(2);
    long firstCommitMicros = first.json().get("highBid").get("changedAtMicros").asLong();
    assertThat(firstCommitMicros / 1000)
        .as("the database's commit time of the bid, on the wall clock")
        .isCloseTo(System.currentTimeMillis(), Offset.offset(60_000L));
    assertThat(second.json().get("highBid").get("changedAtMicros").asLong())
        .isGreaterThanOrEqualTo(firstCommitMicros);
    HighBidRow row = fixture.highBid(item);
    assertThat(row.amount()).isEqualByComparingTo("13.00");
    assertThat(row.bidderId()).isEqualTo(bidder);
    assertThat(storedOutcome(first)).isEqualTo("ACCEPTED_HIGH");
    assertThat(storedOutcome(second)).isEqualTo("ACCEPTED_HIGH");
  }

  @Test
  void aBidNotHigherThanTheHighBidIsOutbid() {
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);
    long leader = fixture.user(new BigDecimal("500.00"));
    long other = fixture.user(new BigDecimal("500.00"));
    bid(auction.id(), item, leader, "20.00");

    Response equal = bid(auction.id(), item, other, "20.00");
    Response lower = bid(auction.id(), item, other, "15.00");

    assertRejected(equal, "OUTBID");
    assertRejected(lower, "OUTBID");
    assertThat(equal.json().get("highBid").get("bidderId").asLong()).isEqualTo(leader);
    assertThat(fixture.highBid(item).amount()).isEqualByComparingTo("20.00");
    assertThat(fixture.highBid(item).bidCount()).isEqualTo(1);
  }

  @Test
  void aBidBelowTheStartingBidIsRejected() {
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);

    Response response = bid(auction.id(), item, fixture.user(new BigDecimal("500")), "9.99");

    assertRejected(response, "BELOW_STARTING");
    assertThat(fixture.highBid(item).amount()).isNull();
  }

  @Test
  void aBidAboveTheBiddersCreditIsRejected() {
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);

    Response response = bid(auction.id(), item, fixture.user(new BigDecimal("50.00")), "50.01");

    assertRejected(response, "INSUFFICIENT_CREDIT");
    assertThat(fixture.highBid(item).amount()).isNull();
  }

  @Test
  void aBidOnAnItemThatIsNotUpIsRejected() {
    Auction auction = fixture.runningAuction(2, START, FAR);
    long listed = auction.itemIds().get(1);

    Response response = bid(auction.id(), listed, fixture.user(new BigDecimal("500")), "11.00");

    assertRejected(response, "ITEM_NOT_ACTIVE");
    assertThat(response.json().get("highBid").isNull()).isTrue();
  }

  @Test
  void aBidOnASoldItemIsRejected() {
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);
    long winner = fixture.user(new BigDecimal("500"));
    fixture.setHighBid(item, "SOLD", new BigDecimal("30.00"), winner, FAR);

    Response response = bid(auction.id(), item, fixture.user(new BigDecimal("500")), "99.00");

    assertRejected(response, "ITEM_NOT_ACTIVE");
    assertThat(fixture.highBid(item).amount()).isEqualByComparingTo("30.00");
  }

  @Test
  void aBidInAnAuctionThatIsNotRunningIsRejected() {
    Auction complete = fixture.auction("COMPLETE", 1, START);

    Response response =
        bid(complete.id(), complete.itemIds().get(0), fixture.user(new BigDecimal("500")), "11");

    assertRejected(response, "AUCTION_NOT_RUNNING");
  }

  @Test
  void aBidDuringLastCallReopensTheItem() {
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);
    fixture.setHighBid(
        item, "LAST_CALL", new BigDecimal("40.00"), fixture.user(BigDecimal.TEN), FAR);

    Response response = bid(auction.id(), item, fixture.user(new BigDecimal("500")), "41.00");

    assertThat(response.json().get("outcome").asString()).isEqualTo("ACCEPTED_HIGH");
    assertThat(response.json().get("highBid").get("state").asString()).isEqualTo("OPEN");
    HighBidRow row = fixture.highBid(item);
    assertThat(row.state()).isEqualTo("OPEN");
    assertThat(row.armed()).isTrue();
    Integer dueWithinOpenDuration =
        fixture
            .jdbc()
            .queryForObject(
                "SELECT count(*) FROM high_bid WHERE item_id = ?"
                    + " AND due_at BETWEEN now() + INTERVAL '9 minutes' AND now() + INTERVAL '10 minutes'",
                Integer.class,
                item);
    assertThat(dueWithinOpenDuration).as("due time restarted from the open duration").isEqualTo(1);
  }

  @Test
  void bidsAreCountedByOutcome() {
    MeterRegistry meters = server.bean(MeterRegistry.class);
    double before = outbidCount(meters);
    Auction auction = fixture.runningAuction(1, START, FAR);
    long item = auction.itemIds().get(0);
    bid(auction.id(), item, fixture.user(new BigDecimal("500")), "11.00");
    bid(auction.id(), item, fixture.user(new BigDecimal("500")), "11.00");

    assertThat(outbidCount(meters) - before).isEqualTo(1.0);
    assertThat(
            meters
                .get("anemometer.bids")
                .tags("result", "accepted", "outcome", "ACCEPTED_HIGH")
                .counter()
                .count())
        .isGreaterThanOrEqualTo(1.0);
  }

  private static double outbidCount(MeterRegistry meters) {
    return meters
        .get("anemometer.bids")
        .tags("result", "rejected", "outcome", "OUTBID")
        .counter()
        .count();
  }

  private static Response bid(long auctionId, long itemId, long bidderId, String amount) {
    return api.postJson(
        server.uri("/api/auctions/" + auctionId + "/items/" + itemId + "/bids"),
        server.token(bidderId),
        "{\"amount\": " + amount + "}");
  }

  private static void assertRejected(Response response, String outcome) {
    assertThat(response.status()).as(response.body()).isEqualTo(201);
    assertThat(response.json().get("outcome").asString()).isEqualTo(outcome);
    assertThat(storedOutcome(response)).isEqualTo(outcome);
  }

  private static String storedOutcome(Response response) {
    List<String> outcomes =
        fixture
            .jdbc()
            .queryForList(
                "SELECT outcome FROM bid WHERE id = ?",
                String.class,
                response.json().get("bidId").asLong());
    assertThat(outcomes).as("the acknowledged bid is stored").hasSize(1);
    return outcomes.get(0);
  }
}
