package dev.anemometer.harness.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.support.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The bid audit against the app's real schema in a real PostgreSQL. */
class BidAuditIT {

  private TestPostgres.Database database;
  private BidAudit audit;

  @BeforeEach
  void schemaWithOneLiveAuction() throws Exception {
    database = TestPostgres.withAuctionSchema();
    audit = new BidAudit(database.jdbcUrl(), database.user(), database.password());
    sql(
        "INSERT INTO app_user (id, email, password_hash, password_salt, first_name, last_name,"
            + " credit_limit, initial_credit_limit) SELECT i, 'user' || i || '@auction.test', 'h',"
            + " 's', 'F', 'L', 1000, 1000 FROM generate_series(1, 3) i",
        "INSERT INTO auction (id, name, category, start_time, state, auctioneer_id)"
            + " VALUES (1, 'a', 'c', now(), 'RUNNING', 1)",
        "INSERT INTO item (id, auction_id, seller_id, short_description, long_description,"
            + " manufacturer, condition, starting_bid, state) VALUES"
            + " (10, 1, 1, 's', 'l', 'm', 'NEW', 10, 'SOLD'), (11, 1, 1, 's', 'l', 'm', 'NEW', 10,"
            + " 'ACTIVE')",
        "INSERT INTO high_bid (item_id, auction_id, amount, bidder_id, bid_count, state, opened_at)"
            + " VALUES (10, 1, 12.00, 3, 3, 'SOLD', now() - interval '1 minute'),"
            + " (11, 1, 20.00, 2, 1, 'OPEN', now() - interval '1 minute')",
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome) VALUES"
            + " (1, 10, 1, 2, 11.00, 'ACCEPTED_HIGH'), (2, 10, 1, 3, 12.00, 'ACCEPTED_HIGH'),"
            + " (3, 10, 1, 2, 12.00, 'OUTBID'), (4, 11, 1, 2, 20.00, 'ACCEPTED_HIGH')");
  }

  @Test
  void aConsistentAuctionPasses() throws Exception {
    AuditResult result =
        audit.audit(
            List.of(
                bid(1, 10, 2, "11.00", "ACCEPTED_HIGH"),
                bid(2, 10, 3, "12.00", "ACCEPTED_HIGH"),
                bid(3, 10, 2, "12.00", "OUTBID"),
                bid(4, 11, 2, "20.00", "ACCEPTED_HIGH")));

    assertThat(result.violations()).isEmpty();
    assertThat(result.passed()).isTrue();
    assertThat(result.acknowledgedBidsChecked()).isEqualTo(4);
    assertThat(result.itemsChecked()).isEqualTo(2);
    assertThat(result.soldItemsChecked()).isEqualTo(1);
  }

  @Test
  void anAcknowledgedBidThatIsNotStoredFailsTheAudit() throws Exception {
    AuditResult result =
        audit.audit(
            List.of(bid(2, 10, "12.00", "ACCEPTED_HIGH"), bid(99, 11, "25.00", "ACCEPTED_HIGH")));

    assertThat(result.passed()).isFalse();
    assertThat(result.violations())
        .singleElement()
        .asString()
        .contains("bid 99")
        .contains("not stored");
  }

  @Test
  void aBidStoredWithAnotherOutcomeThanAcknowledgedFailsTheAudit() throws Exception {
    AuditResult result = audit.audit(List.of(bid(3, 10, "12.00", "ACCEPTED_HIGH")));

    assertThat(result.violations())
        .singleElement()
        .asString()
        .contains("bid 3")
        .contains("stored as item 10, 12.00, OUTBID");
  }

  @Test
  void anAcknowledgedBidStoredWithAnotherAmountFailsTheAuditOnce() throws Exception {
    AuditResult result = audit.audit(List.of(bid(4, 11, 2, "21.00", "ACCEPTED_HIGH")));

    assertThat(result.violations())
        .containsExactly(
            "bid 4 was acknowledged as item 11, 21.00, ACCEPTED_HIGH by user 2"
                + " but is stored as item 11, 20.00, ACCEPTED_HIGH by user 2");
  }

  @Test
  void anAcknowledgedBidStoredForAnotherBidderFailsTheAudit() throws Exception {
    AuditResult result = audit.audit(List.of(bid(2, 10, 1, "12.00", "ACCEPTED_HIGH")));

    assertThat(result.violations())
        .singleElement()
        .asString()
        .contains("bid 2 was acknowledged as item 10, 12.00, ACCEPTED_HIGH by user 1")
        .contains("stored as item 10, 12.00, ACCEPTED_HIGH by user 3");
  }

  @Test
  void aBidToldOutbidAboveTheWinnerFailsTheAudit() throws Exception {
    sql(
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " VALUES (5, 10, 1, 1, 13.00, 'OUTBID')");

    assertThat(audit.auditDatabase().passed()).isTrue();
    AuditResult result =
        audit.audit(
            List.of(bid(2, 10, 3, "12.00", "ACCEPTED_HIGH"), bid(5, 10, 1, "13.00", "OUTBID")));

    assertThat(result.violations())
        .containsExactly(
            "item 10: bid 5 was acknowledged as OUTBID at 13.00, above the item's winning bid"
                + " 12.00");
  }

  @Test
  void anAcceptedBidAboveTheStoredWinnerFailsTheAudit() throws Exception {
    sql(
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " VALUES (6, 10, 1, 1, 13.00, 'ACCEPTED_HIGH')");

    AuditResult result = audit.audit(List.of(bid(6, 10, 1, "13.00", "ACCEPTED_HIGH")));

    assertThat(result.violations())
        .contains(
            "item 10: bid 6 was acknowledged as ACCEPTED_HIGH at 13.00, above the item's winning"
                + " bid 12.00");
    assertThat(result.violationCount()).isEqualTo(2); // and the database check's own finding
  }

  @Test
  void anAcceptedBidAtTheWinningAmountThatIsNotTheWinnersFailsTheAudit() throws Exception {
    sql(
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " VALUES (7, 10, 1, 1, 12.00, 'ACCEPTED_HIGH')");

    AuditResult result =
        audit.audit(
            List.of(
                bid(2, 10, 3, "12.00", "ACCEPTED_HIGH"), bid(7, 10, 1, "12.00", "ACCEPTED_HIGH")));

    assertThat(result.violations())
        .contains(
            "item 10: bid 7 was acknowledged as ACCEPTED_HIGH at the high bid 12.00 but the winner"
                + " is user 3, not user 1");
  }

  @Test
  void aHigherBidWhoseReplyWasLostMayWin() throws Exception {
    AuditResult result = audit.audit(List.of(bid(1, 10, 2, "11.00", "ACCEPTED_HIGH")));

    assertThat(result.violations()).isEmpty();
  }

  @Test
  void aHundredThousandAcknowledgedBidsAreAuditedInSeconds() throws Exception {
    sql(
        "INSERT INTO item (id, auction_id, seller_id, short_description, long_description,"
            + " manufacturer, condition, starting_bid, state)"
            + " SELECT i, 1, 1, 's', 'l', 'm', 'NEW', 10, 'ACTIVE' FROM generate_series(1000, 1999) i",
        "INSERT INTO high_bid (item_id, auction_id, amount, bidder_id, bid_count, state, opened_at)"
            + " SELECT i, 1, 1000.00, 1, 101, 'OPEN', now() - interval '1 minute'"
            + " FROM generate_series(1000, 1999) i",
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " SELECT 1000 + i, 1000 + i % 1000, 1, 2 + i % 2, 10 + i % 900, 'OUTBID'"
            + " FROM generate_series(0, 99999) i",
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " SELECT 200000 + i, i, 1, 1, 1000.00, 'ACCEPTED_HIGH'"
            + " FROM generate_series(1000, 1999) i");
    List<AcknowledgedBid> acknowledged = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      acknowledged.add(bid(1000 + i, 1000 + i % 1000, 2 + i % 2, (10 + i % 900) + ".00", "OUTBID"));
    }
    for (int item = 1000; item < 2000; item++) {
      acknowledged.add(bid(200_000 + item, item, 1, "1000.00", "ACCEPTED_HIGH"));
    }
    acknowledged.set(500, bid(1500, 1500, 2, "999.99", "OUTBID"));

    long startNanos = System.nanoTime();
    AuditResult result = audit.audit(acknowledged);
    long elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;

    System.out.printf("audit of %d acknowledged bids: %d ms%n", acknowledged.size(), elapsedMillis);
    assertThat(result.acknowledgedBidsChecked()).isEqualTo(101_000);
    assertThat(result.violations())
        .singleElement()
        .asString()
        .startsWith("bid 1500 was acknowledged as item 1500, 999.99, OUTBID by user 2");
    assertThat(elapsedMillis).isLessThan(30_000);
  }

  @Test
  void aHighBidBelowTheLargestAcceptedBidFailsTheDatabaseCheck() throws Exception {
    sql(
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " VALUES (5, 11, 1, 3, 30.00, 'ACCEPTED_HIGH')");

    AuditResult result = audit.auditDatabase();

    assertThat(result.violations())
        .singleElement()
        .asString()
        .contains("item 11")
        .contains("high bid is 20.00")
        .contains("30.00");
  }

  @Test
  void twoWinnersOfOneSoldItemFailTheDatabaseCheck() throws Exception {
    sql(
        "INSERT INTO bid (id, item_id, auction_id, bidder_id, amount, outcome)"
            + " VALUES (6, 10, 1, 1, 12.00, 'ACCEPTED_HIGH')");

    AuditResult result = audit.auditDatabase();

    assertThat(result.violations())
        .singleElement()
        .asString()
        .contains("item 10 is SOLD with 2 bids");
  }

  @Test
  void loadedHistoryBelowTheWatermarkIsNotJudged() throws Exception {
    sql(
        "UPDATE high_bid SET amount = 1.00 WHERE item_id = 11",
        "INSERT INTO dataset VALUES (1, 3, now(), 3, 1, 11, 4, 0, 0, 0)");

    assertThat(audit.auditDatabase().passed()).isTrue();
  }

  private static AcknowledgedBid bid(long id, long item, String amount, String outcome) {
    return bid(id, item, -1, amount, outcome);
  }

  private static AcknowledgedBid bid(
      long id, long item, long bidder, String amount, String outcome) {
    return new AcknowledgedBid(id, item, bidder, new BigDecimal(amount), outcome);
  }

  private void sql(String... statements) throws Exception {
    try (Connection connection =
            DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
