package dev.anemometer.auction.liveauction;

import com.zaxxer.hikari.HikariDataSource;
import dev.anemometer.auction.support.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.flywaydb.core.Flyway;

/**
 * The engine's parts wired by hand on their own pool, as one app server would hold them: lets a
 * test run several "servers" in one JVM without Spring and drive their clocks directly.
 */
final class EngineParts implements AutoCloseable {

  final HikariDataSource dataSource;
  final MeterRegistry meters = new SimpleMeterRegistry();
  final HighBidNotifier notifier;
  final AuctionSequencer sequencer;
  final ItemClock clock;

  EngineParts(TestPostgres.Database database, LiveAuctionProperties properties) {
    dataSource = new HikariDataSource();
    dataSource.setJdbcUrl(database.jdbcUrl());
    dataSource.setUsername(database.user());
    dataSource.setPassword(database.password());
    dataSource.setMaximumPoolSize(4);
    notifier = new HighBidNotifier(dataSource);
    sequencer = new AuctionSequencer(dataSource, notifier, properties);
    clock = new ItemClock(dataSource, sequencer, notifier, properties, meters);
  }

  static void migrate(TestPostgres.Database database) {
    Flyway.configure()
        .dataSource(database.jdbcUrl(), database.user(), database.password())
        .load()
        .migrate();
  }

  double transitionsTo(String state) {
    return meters.get("anemometer.liveauction.transitions").tag("to", state).counter().count();
  }

  @Override
  public void close() {
    dataSource.close();
  }
}
