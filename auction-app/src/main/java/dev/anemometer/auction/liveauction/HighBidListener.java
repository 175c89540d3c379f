package dev.anemometer.auction.liveauction;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This server's one LISTEN connection. A daemon thread waits for high-bid notifications and wakes
 * the parked long polls of their items. When the connection fails it reconnects with back-off, then
 * re-reads every item that has parked polls: a change committed while nobody listened is in that
 * read, so no wake-up is lost.
 */
class HighBidListener {

  private static final Logger log = LoggerFactory.getLogger(HighBidListener.class);
  static final String APPLICATION_NAME = "anemometer-listener";

  private final ListenerConnections connections;
  private final LongPollRegistry registry;
  private final HighBidReader reader;
  private final LiveAuctionProperties properties;
  private final Counter reconnects;
  private volatile boolean running;
  private volatile boolean connected;
  private volatile Connection connection;
  private Thread thread;

  HighBidListener(
      ListenerConnections connections,
      LongPollRegistry registry,
      HighBidReader reader,
      LiveAuctionProperties properties,
      MeterRegistry meters) {
    this.connections = connections;
    this.registry = registry;
    this.reader = reader;
    this.properties = properties;
    this.reconnects =
        Counter.builder("anemometer.liveauction.listener.reconnects")
            .description("times the LISTEN connection was re-established after a failure")
            .register(meters);
  }

  public synchronized void start() {
    if (running) {
      return;
    }
    running = true;
    thread = new Thread(this::run, "high-bid-listener");
    thread.setDaemon(true);
    thread.start();
  }

  public synchronized void stop() {
    running = false;
    if (thread != null) {
      thread.interrupt();
      closeQuietly(connection);
      try {
        thread.join(TimeUnit.SECONDS.toMillis(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      thread = null;
    }
  }

  /** Whether the LISTEN connection is up (for health checks and tests). */
  public boolean isConnected() {
    return connected;
  }

  private void run() {
    Duration backoff = properties.listenerReconnectMin();
    boolean firstConnect = true;
    while (running) {
      try (Connection conn = connections.open()) {
        connection = conn;
        try (Statement statement = conn.createStatement()) {
          statement.execute("LISTEN " + HighBidChange.CHANNEL);
        }
        connected = true;
        if (!firstConnect) {
          reconnects.increment();
          log.info("LISTEN connection re-established; re-reading items with parked polls");
        }
        firstConnect = false;
        backoff = properties.listenerReconnectMin();
        recheckParkedPolls();
        listen(conn);
      } catch (SQLException | RuntimeException e) {
        if (running) {
          log.warn("LISTEN connection failed, reconnecting in {}: {}", backoff, e.toString());
        }
      } finally {
        connected = false;
        connection = null;
      }
      if (running) {
        LockSupport.parkNanos(backoff.toNanos());
        backoff = min(backoff.multipliedBy(2), properties.listenerReconnectMax());
      }
    }
  }

  private void listen(Connection conn) throws SQLException {
    PGConnection pg = conn.unwrap(PGConnection.class);
    int waitMillis = (int) Math.min(properties.listenerCheckInterval().toMillis(), 1_000);
    long idleSinceNanos = System.nanoTime();
    while (running) {
      PGNotification[] notifications = pg.getNotifications(waitMillis);
      if (notifications != null && notifications.length > 0) {
        idleSinceNanos = System.nanoTime();
        for (PGNotification notification : notifications) {
          dispatch(notification.getParameter());
        }
      } else if (System.nanoTime() - idleSinceNanos
          > properties.listenerCheckInterval().toNanos()) {
        // A connection cut without a reset (a network partition) raises nothing while idle.
        probe(conn);
        idleSinceNanos = System.nanoTime();
      }
    }
  }

  private void dispatch(String payload) {
    try {
      registry.onChange(HighBidChange.parse(payload));
    } catch (IllegalArgumentException e) {
      log.debug("ignoring foreign notification: {}", e.getMessage());
    }
  }

  private void recheckParkedPolls() {
    var items = registry.itemsWithPolls();
    if (!items.isEmpty()) {
      reader.currentStates(items).forEach(registry::onCurrentState);
    }
  }

  private static void probe(Connection conn) throws SQLException {
    try (Statement statement = conn.createStatement()) {
      statement.execute("SELECT 1");
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  private static void closeQuietly(Connection conn) {
    if (conn != null) {
      try {
        conn.close();
      } catch (SQLException ignored) {
        // closing to unblock the listener thread; it is going away anyway
      }
    }
  }
}
