package dev.anemometer.auction.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.JsonHttpClient;
import dev.anemometer.auction.support.JsonHttpClient.Response;
import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * An app server whose connection pool is exhausted answers 503 "the database is busy" and serves
 * again once a connection is free. Under overload a benchmark counts these as failures; a 500 would
 * read as a bug. Each request here meets the empty pool at its first query (the token lookup or the
 * login's, plain JDBC); a JPA transaction that cannot begin is {@code ProblemAdviceTest}'s.
 */
class DatabaseBusyIT {

  private final JsonHttpClient api = new JsonHttpClient();

  @Test
  void everyRequestThatNeedsTheDatabaseAnswers503WhileThePoolIsExhausted() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    try (InJvmAppServer server =
        InJvmAppServer.start(
            database,
            Map.of(
                "anemometer.database.pool-size", "2",
                "anemometer.database.connection-timeout-millis", "250",
                "anemometer.live-auction.open-duration", "10m",
                "anemometer.live-auction.last-call-duration", "10m"))) {
      LiveAuctionFixture fixture = LiveAuctionFixture.on(database);
      Auction auction = fixture.runningAuction(1, new BigDecimal("10.00"), Duration.ofMinutes(10));
      long userId = fixture.user(new BigDecimal("1000.00"));
      String token = server.token(userId);
      String bids =
          "/api/auctions/" + auction.id() + "/items/" + auction.itemIds().get(0) + "/bids";

      // Flyway needs two connections at startup, so the pool has two; the test holds both.
      DataSource pool = server.bean(DataSource.class);
      try (Connection first = pool.getConnection();
          Connection second = pool.getConnection()) {
        assertBusy(api.postJson(server.uri("/api/login"), null, credentials()), "login");
        assertBusy(api.postJson(server.uri("/api/logout"), token, "{}"), "logout");
        assertBusy(api.get(server.uri("/api/users/" + userId), token), "profile");
        assertBusy(api.postJson(server.uri(bids), token, "{\"amount\":12.00}"), "bid");
        assertThat(first.isValid(1) && second.isValid(1)).isTrue();
      }

      Response bid = api.postJson(server.uri(bids), token, "{\"amount\":12.00}");
      assertThat(bid.status())
          .as("a bid once the connection is back: " + bid.body())
          .isEqualTo(201);
      assertThat(fixture.jdbc().queryForObject("select count(*) from bid", Long.class))
          .as("only the bid that was acknowledged is stored")
          .isEqualTo(1L);
    }
  }

  /**
   * A query the database cannot answer (a table locked by someone else, as a stalled server would
   * leave it) ends at the statement timeout with a 503 and gives its connection back.
   */
  @Test
  void aQueryBlockedPastTheStatementTimeoutAnswers503AndFreesItsConnection() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    try (InJvmAppServer server =
        InJvmAppServer.start(
            database,
            Map.of(
                "anemometer.database.pool-size", "2",
                "anemometer.database.statement-timeout-millis", "500"))) {
      LiveAuctionFixture fixture = LiveAuctionFixture.on(database);
      long userId = fixture.user(new BigDecimal("1000.00"));
      String token = server.token(userId);

      try (Connection blocker =
          DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
        blocker.setAutoCommit(false);
        try (Statement lock = blocker.createStatement()) {
          lock.execute("LOCK TABLE app_user IN ACCESS EXCLUSIVE MODE");
        }
        long started = System.nanoTime();
        Response profile = api.get(server.uri("/api/users/" + userId), token);
        Duration waited = Duration.ofNanos(System.nanoTime() - started);

        assertThat(profile.status()).as(profile.body()).isEqualTo(503);
        assertThat(profile.isProblem()).isTrue();
        assertThat(waited).isLessThan(Duration.ofSeconds(5));
        blocker.rollback();
      }

      Response again = api.get(server.uri("/api/users/" + userId), token);
      assertThat(again.status()).as("served once the lock is gone: " + again.body()).isEqualTo(200);
    }
  }

  private static String credentials() {
    return "{\"username\":\"nobody@x.test\",\"password\":\"secret\"}";
  }

  private static void assertBusy(Response response, String what) {
    assertThat(response.status()).as(what + ": " + response.body()).isEqualTo(503);
    assertThat(response.isProblem()).as(what + " answers a problem").isTrue();
    assertThat(response.json().get("type").asString())
        .isEqualTo("https://anemometer.dev/problems/unavailable");
  }
}
