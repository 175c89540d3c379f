package dev.anemometer.auction.support;

import java.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.convention.TestBean;

/**
 * Base of the app's integration tests: one app on a random port over one real PostgreSQL database
 * for the whole JVM. Every subclass shares the same configuration, so Spring starts the context
 * once; tests keep apart by creating their own users and auctions through {@link #fixtures}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class AppIntegrationTest {

  private static final TestPostgres.Database DATABASE = TestPostgres.newDatabase();

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("anemometer.database.url", DATABASE::jdbcUrl);
    registry.add("anemometer.database.username", DATABASE::user);
    registry.add("anemometer.database.password", DATABASE::password);
    registry.add("anemometer.database.pool-size", () -> "8");
  }

  /** The app's clock: the system's time unless a test sets it; back to the system after each. */
  protected static final TestClock TIME = new TestClock();

  @TestBean(methodName = "appClock")
  Clock clock;

  @LocalServerPort protected int port;
  @Autowired protected JdbcTemplate jdbc;

  protected ApiClient api;
  protected AuctionFixtures fixtures;

  @BeforeEach
  void connectClients() {
    api = new ApiClient(port);
    fixtures = new AuctionFixtures(jdbc);
  }

  @AfterEach
  void followTheSystemClockAgain() {
    TIME.followSystem();
  }

  static Clock appClock() {
    return TIME;
  }

  protected static String json(String singleQuoted) {
    return singleQuoted.replace('\'', '"');
  }
}
