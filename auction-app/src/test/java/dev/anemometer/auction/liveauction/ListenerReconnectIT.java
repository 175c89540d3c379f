package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.TestPostgres;
import java.math.BigDecimal;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The LISTEN connection dies and stays down while a bid commits: its notification is lost, yet the
 * parked poll is answered once the listener is back, because it re-reads parked items.
 */
class ListenerReconnectIT {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void aChangeCommittedWhileTheListenerWasDownStillWakesTheParkedPoll() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    EngineParts.migrate(database);
    LiveAuctionFixture fixture = LiveAuctionFixture.on(database);
    Auction auction = fixture.runningAuction(1, BigDecimal.TEN, Duration.ofMinutes(10));
    long item = auction.itemIds().get(0);
    long bidder = fixture.user(new BigDecimal("1000"));
    LiveAuctionProperties properties = LiveAuctionProperties.defaults();
    properties =
        new LiveAuctionProperties(
            properties.openDuration(),
            properties.lastCallDuration(),
            properties.clockTick(),
            properties.clockBatchSize(),
            properties.repairInterval(),
            properties.pollTimeout(),
            properties.listenerCheckInterval(),
            Duration.ofMillis(20),
            Duration.ofMillis(200),
            properties.maxBidAmount(),
            properties.maxPollsPerUser());
    String applicationName = "listener-test-" + System.nanoTime();
    AtomicBoolean databaseReachable = new AtomicBoolean(true);
    ListenerConnections connections =
        () -> {
          if (!databaseReachable.get()) {
            throw new SQLException("test: the database is unreachable");
          }
          Properties info = new Properties();
          info.setProperty("user", database.user());
          info.setProperty("password", database.password());
          info.setProperty("ApplicationName", applicationName);
          return DriverManager.getConnection(database.jdbcUrl(), info);
        };

    try (EngineParts server = new EngineParts(database, properties)) {
      LongPollRegistry registry = new LongPollRegistry(server.meters, Duration.ofMinutes(1), 16);
      HighBidReader reader = new HighBidReader(server.dataSource);
      HighBidListener listener =
          new HighBidListener(connections, registry, reader, properties, server.meters);
      listener.start();
      try {
        await("the listener to connect").atMost(WAIT).until(listener::isConnected);
        Bidder bids = new Bidder(server, item, bidder);

        DeferredResult<ResponseEntity<HighBidView>> first = park(registry, reader, auction, 0);
        bids.raiseTo("11.00");
        await("the first poll to be woken").atMost(WAIT).until(first::hasResult);
        assertThat(bidCountOf(first)).isEqualTo(1);

        DeferredResult<ResponseEntity<HighBidView>> second = park(registry, reader, auction, 1);
        databaseReachable.set(false);
        fixture
            .jdbc()
            .queryForList(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?",
                applicationName);
        await("the listener to notice").atMost(WAIT).until(() -> !listener.isConnected());
        bids.raiseTo("12.00");
        assertThat(second.hasResult()).as("nobody listened to that change").isFalse();

        databaseReachable.set(true);
        await("the second poll to be woken").atMost(WAIT).until(second::hasResult);
        assertThat(bidCountOf(second)).isEqualTo(2);
        assertThat(
                server.meters.get("anemometer.liveauction.listener.reconnects").counter().count())
            .isEqualTo(1.0);
        assertThat(registry.parkedCount()).isZero();
      } finally {
        listener.stop();
      }
    }
  }

  /** Parks the way the controller does: register first, then read the current state. */
  private static DeferredResult<ResponseEntity<HighBidView>> park(
      LongPollRegistry registry, HighBidReader reader, Auction auction, int after) {
    long item = auction.itemIds().get(0);
    DeferredResult<ResponseEntity<HighBidView>> result = new DeferredResult<>(60_000L);
    registry
        .park(1L, item, after, result)
        .answerIfChanged(reader.stateOf(auction.id(), item).get());
    assertThat(result.hasResult()).isFalse();
    return result;
  }

  @SuppressWarnings("unchecked")
  private static int bidCountOf(DeferredResult<ResponseEntity<HighBidView>> result) {
    return ((ResponseEntity<HighBidView>) result.getResult()).getBody().bidCount();
  }

  /** A new high bid committed with its notification, as PlaceBid does. */
  private record Bidder(EngineParts server, long item, long bidderId) {

    void raiseTo(String amount) {
      JdbcTemplate jdbc = new JdbcTemplate(server.dataSource);
      new TransactionTemplate(new DataSourceTransactionManager(server.dataSource))
          .executeWithoutResult(
              status -> {
                HighBidView view =
                    jdbc.queryForObject(
                        """
                        UPDATE high_bid SET amount = ?, bidder_id = ?, bid_count = bid_count + 1,
                               last_bid_at = now()
                        WHERE item_id = ? RETURNING amount, bidder_id, bid_count, state,
                          CAST(EXTRACT(EPOCH FROM GREATEST(last_bid_at, state_changed_at))
                               * 1000000 AS BIGINT) AS changed_at_micros
                        """,
                        (row, n) -> HighBidView.from(row),
                        new BigDecimal(amount),
                        bidderId,
                        item);
                server.notifier.changed(item, view);
              });
    }
  }
}
