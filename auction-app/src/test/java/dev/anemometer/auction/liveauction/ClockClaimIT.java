package dev.anemometer.auction.liveauction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.auction.support.LiveAuctionFixture;
import dev.anemometer.auction.support.LiveAuctionFixture.Auction;
import dev.anemometer.auction.support.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * Two servers' clocks race for the same due items: SKIP LOCKED gives each item to exactly one of
 * them, so every item is sold once, every winner is charged once, and every next item opens once.
 */
class ClockClaimIT {

  private static final int AUCTIONS = 40;
  private static final BigDecimal CREDIT = new BigDecimal("10000.00");

  @Test
  void twoServersRacingForDueItemsSellEachExactlyOnce() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    EngineParts.migrate(database);
    LiveAuctionFixture fixture = LiveAuctionFixture.on(database);
    List<Long> bidders = fixture.users(10, CREDIT);
    Map<Long, BigDecimal> owed = new HashMap<>();
    List<Auction> auctions = new ArrayList<>();
    for (int i = 0; i < AUCTIONS; i++) {
      Auction auction = fixture.runningAuction(2, BigDecimal.TEN, Duration.ofMinutes(10));
      long winner = bidders.get(i % bidders.size());
      BigDecimal amount = new BigDecimal(100 + i + ".25");
      fixture.setHighBid(
          auction.itemIds().get(0), "LAST_CALL", amount, winner, Duration.ofSeconds(-1));
      owed.merge(winner, amount, BigDecimal::add);
      auctions.add(auction);
    }
    // a small batch makes the servers go round many times and meet on the same rows
    LiveAuctionProperties properties =
        withBatch(
            LiveAuctionProperties.defaults()
                .withItemClock(
                    Duration.ofMinutes(10), Duration.ofMinutes(10), Duration.ofMillis(10)),
            3);

    try (Connection listen = listen(database);
        EngineParts serverA = new EngineParts(database, properties);
        EngineParts serverB = new EngineParts(database, properties)) {
      race(fixture, serverA, serverB);

      for (Auction auction : auctions) {
        long first = auction.itemIds().get(0);
        long second = auction.itemIds().get(1);
        assertThat(fixture.highBid(first).state()).isEqualTo("SOLD");
        assertThat(fixture.highBid(first).bidCount()).as("one transition, not two").isEqualTo(1);
        assertThat(fixture.itemState(first)).isEqualTo("SOLD");
        assertThat(fixture.itemState(second)).isEqualTo("ACTIVE");
        assertThat(fixture.highBid(second).state()).isEqualTo("OPEN");
        assertThat(fixture.highBid(second).bidCount()).as("activated once").isEqualTo(1);
      }
      for (long bidder : bidders) {
        assertThat(fixture.credit(bidder))
            .as("credit of %d reduced once per item won", bidder)
            .isEqualByComparingTo(CREDIT.subtract(owed.getOrDefault(bidder, BigDecimal.ZERO)));
      }
      assertThat(serverA.transitionsTo("SOLD") + serverB.transitionsTo("SOLD")).isEqualTo(AUCTIONS);
      assertThat(soldNotifications(listen)).hasSize(AUCTIONS).doesNotHaveDuplicates();
    }
  }

  private static void race(LiveAuctionFixture fixture, EngineParts... servers) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(servers.length * 2);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> done = new ArrayList<>();
    try {
      for (EngineParts server : servers) {
        for (int i = 0; i < 2; i++) {
          done.add(
              threads.submit(
                  () -> {
                    go.await();
                    while (dueItems(fixture) > 0) {
                      server.clock.tick();
                    }
                    return null;
                  }));
        }
      }
      go.countDown();
      for (Future<?> future : done) {
        future.get(120, TimeUnit.SECONDS);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private static int dueItems(LiveAuctionFixture fixture) {
    return fixture
        .jdbc()
        .queryForObject("SELECT count(*) FROM high_bid WHERE due_at <= now()", Integer.class);
  }

  private static Connection listen(TestPostgres.Database database) throws Exception {
    Connection connection =
        DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
    try (Statement statement = connection.createStatement()) {
      statement.execute("LISTEN " + HighBidChange.CHANNEL);
    }
    return connection;
  }

  private static List<Long> soldNotifications(Connection listen) throws Exception {
    List<Long> sold = new ArrayList<>();
    PGConnection pg = listen.unwrap(PGConnection.class);
    List<Long> activated = new ArrayList<>();
    await("a notification for every transition")
        .atMost(Duration.ofSeconds(30))
        // the condition drains the connection's notifications: one thread reads them all
        .pollInSameThread()
        .until(
            () -> {
              try {
                PGNotification[] batch = pg.getNotifications(100);
                for (PGNotification notification : batch == null ? new PGNotification[0] : batch) {
                  HighBidChange change = HighBidChange.parse(notification.getParameter());
                  (change.view().state().equals("SOLD") ? sold : activated).add(change.itemId());
                }
              } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
              }
              return activated.size() >= AUCTIONS && sold.size() >= AUCTIONS;
            });
    assertThat(activated).hasSize(AUCTIONS).doesNotHaveDuplicates();
    return sold;
  }

  private static LiveAuctionProperties withBatch(LiveAuctionProperties p, int batch) {
    return new LiveAuctionProperties(
        p.openDuration(),
        p.lastCallDuration(),
        p.clockTick(),
        batch,
        p.repairInterval(),
        p.pollTimeout(),
        p.listenerCheckInterval(),
        p.listenerReconnectMin(),
        p.listenerReconnectMax(),
        p.maxBidAmount(),
        p.maxPollsPerUser());
  }
}
