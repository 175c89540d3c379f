package dev.anemometer.driver.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.TestPostgres;
import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.http.NettyHttpClient;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.stats.IntervalStats;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The notification latency against the real app, with and without a proxy that holds the app's
 * answers for 1 s of every 5 s. Bids keep committing during a stall (requests pass), so a follower
 * learns of a bid up to a stall late: the figure's p99 nears the stall. GetCurrentItem hardly shows
 * it, being due only when the previous long poll's answer arrived, after the stall.
 */
@Tag("long")
class NotificationStallIT {

  private static final int USERS = 100;
  private static final Duration STALL = Duration.ofSeconds(1);
  private static final Duration STALL_PERIOD = Duration.ofSeconds(5);

  @Test
  void followersLearnOfBidsAsLateAsTheStallsHoldTheAnswers() throws Exception {
    TestPostgres.Database database = TestPostgres.newDatabase();
    RealAuctionAppIT.loadData(database, 2 * USERS);
    try (InJvmAppServer app =
        InJvmAppServer.start(
            database,
            // A short item clock, so that a minute sees item changes as well as bids.
            Map.of(
                "anemometer.database.pool-size", "20",
                "anemometer.live-auction.open-duration", "10s",
                "anemometer.live-auction.last-call-duration", "5s"))) {
      IntervalStats direct = run(app.uri("/"), 1);
      IntervalStats stalled;
      try (StallingProxy proxy =
          new StallingProxy(app.uri("/").getPort(), STALL, STALL_PERIOD, false)) {
        stalled = run(URI.create("http://127.0.0.1:" + proxy.port() + "/"), 2);
      }
      IntervalStats allStalled;
      try (StallingProxy proxy =
          new StallingProxy(app.uri("/").getPort(), STALL, STALL_PERIOD, true)) {
        allStalled = run(URI.create("http://127.0.0.1:" + proxy.port() + "/"), 3);
      }
      print("without stalls", direct);
      print("answers stalled 1 s every 5 s", stalled);
      // Printed, not asserted: with requests held too, no bid commits during a stall, so only the
      // item clock's changes (which move on their own) can be seen late.
      print("all traffic stalled 1 s every 5 s", allStalled);

      Histogram directBids = direct.notification(Notification.BID);
      Histogram stalledBids = stalled.notification(Notification.BID);
      assertThat(directBids.getTotalCount()).isPositive();
      assertThat(stalledBids.getTotalCount()).isPositive();
      assertThat(stalledBids.getValueAtPercentile(99))
          .as("bid notification p99 with stalls, µs")
          .isBetween(700_000L, 2_500_000L);
      assertThat(stalledBids.getValueAtPercentile(99))
          .as("the stalls show in the notification, not in GetCurrentItem")
          .isGreaterThan(p99(stalled, OperationType.GET_CURRENT_ITEM));
      // Only ordered: on a shared machine the first, cold run's p99 ranged from 0.2 s to 0.74 s.
      assertThat(directBids.getValueAtPercentile(99))
          .as("bid notification p99 without stalls, µs")
          .isLessThan(stalledBids.getValueAtPercentile(99));
    }
  }

  private static IntervalStats run(URI uri, int firstAccount) {
    RunSpec spec =
        RunSpec.of(
            "notification-stall-it",
            List.of(
                new TargetSpec(
                    "app0",
                    new UsersConfig(uri, "default", firstAccount, USERS, 4, 7L),
                    new FixedLoadPathSpec(
                        USERS,
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(20),
                        1,
                        Duration.ofSeconds(60),
                        Duration.ZERO))),
            QosSpec.weathervaneDefaults());
    RunResult result =
        new DriverRun(spec, LocalLoadGenerator.production(NettyHttpClient::new), TimeSource.SYSTEM)
            .run();
    assertThat(result.error()).isNull();
    return result.target("app0").judged();
  }

  private static long p99(IntervalStats stats, OperationType type) {
    return stats.operation(type).latencyMicros().getValueAtPercentile(99);
  }

  private static void print(String label, IntervalStats stats) {
    StringBuilder line = new StringBuilder("NotificationStallIT " + label + ":");
    for (Notification kind : Notification.values()) {
      Histogram micros = stats.notification(kind);
      line.append(
          String.format(
              Locale.ROOT,
              "%n  %-17s n=%d p50 %.0f ms p99 %.0f ms max %.0f ms",
              kind.displayName(),
              micros.getTotalCount(),
              micros.getValueAtPercentile(50) / 1000.0,
              micros.getValueAtPercentile(99) / 1000.0,
              micros.getMaxValue() / 1000.0));
    }
    for (OperationType type :
        List.of(OperationType.GET_CURRENT_ITEM, OperationType.PLACE_BID, OperationType.HOME_PAGE)) {
      Histogram micros = stats.operation(type).latencyMicros();
      line.append(
          String.format(
              Locale.ROOT,
              "%n  %-17s n=%d p50 %.0f ms p99 %.0f ms",
              type.displayName(),
              micros.getTotalCount(),
              micros.getValueAtPercentile(50) / 1000.0,
              micros.getValueAtPercentile(99) / 1000.0));
    }
    System.out.println(line);
  }
}
