package dev.anemometer.harness.support;

import dev.anemometer.harness.deploy.local.Databases;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.deploy.local.LocalPostgres;
import dev.anemometer.harness.deploy.local.Ports;
import dev.anemometer.harness.deploy.local.PostgresBinaries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * A real PostgreSQL for the harness's integration tests: {@code ANEMOMETER_TEST_JDBC_URL} if set,
 * else the harness's own embedded server (the same code the local target runs). Every call of
 * {@link #newDatabase()} gets a fresh database; {@link #withAuctionSchema()} adds the app's schema
 * from its Flyway migration.
 */
public final class TestPostgres {

  private static final String ENV_URL = "ANEMOMETER_TEST_JDBC_URL";
  private static final Path SCHEMA =
      Path.of("../auction-app/src/main/resources/db/migration/V1__schema.sql");
  private static String adminUrl;
  private static String adminPassword = "";

  private TestPostgres() {}

  public record Database(String jdbcUrl, String user, String password) {}

  public static synchronized Database newDatabase() {
    if (adminUrl == null) {
      adminUrl = start();
    }
    String name = "anem_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    return new Database(
        Databases.createIfMissing(adminUrl, "postgres", adminPassword, name),
        "postgres",
        adminPassword);
  }

  public static Database withAuctionSchema() throws IOException, SQLException {
    Database database = newDatabase();
    try (Connection connection =
            DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        Statement statement = connection.createStatement()) {
      statement.execute(Files.readString(SCHEMA));
    }
    return database;
  }

  private static String start() {
    String url = System.getenv(ENV_URL);
    if (url != null && !url.isBlank()) {
      return url;
    }
    try {
      Path base = Path.of("target", "test-postgres").toAbsolutePath();
      LocalPaths paths = new LocalPaths(base, base);
      int port = Ports.freeLoopbackPort();
      LocalPostgres postgres =
          LocalPostgres.start(
              PostgresBinaries.install(paths.postgresBinariesBase()),
              base.resolve("data-" + port),
              port,
              Map.of("fsync", "off"),
              base.resolve("postgres-" + port + ".log"));
      Runtime.getRuntime().addShutdownHook(new Thread(postgres::stop));
      adminPassword = postgres.password();
      return postgres.jdbcUrl("postgres");
    } catch (IOException e) {
      throw new IllegalStateException("cannot start embedded PostgreSQL for tests", e);
    }
  }
}
