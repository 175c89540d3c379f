package dev.anemometer.auction.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.UUID;

/**
 * A real PostgreSQL for integration tests, found in the order of the house style: the server named
 * by {@code ANEMOMETER_TEST_JDBC_URL}, else a Testcontainers container of the project's own image
 * when a container engine answers and the image is built ({@link ContainerPostgres}), else embedded
 * PostgreSQL binaries from Maven, with one line saying why. Never an in-memory substitute.
 *
 * <p>One server per JVM; every caller of {@link #newDatabase()} gets a database of its own, so
 * tests cannot see each other's rows.
 */
public final class TestPostgres {

  private static final String ENV_URL = "ANEMOMETER_TEST_JDBC_URL";
  private static Server server;

  private TestPostgres() {}

  /** A fresh, empty database on the shared server. */
  public static synchronized Database newDatabase() {
    if (server == null) {
      server = startServer();
    }
    String name = "anem_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    try (Connection admin =
            DriverManager.getConnection(server.adminUrl(), server.user(), server.password());
        Statement statement = admin.createStatement()) {
      statement.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create test database on " + server.adminUrl(), e);
    }
    return new Database(server.urlFor(name), server.user(), server.password(), server.source());
  }

  private static Server startServer() {
    String url = System.getenv(ENV_URL);
    if (url != null && !url.isBlank()) {
      return Server.fromUrl(url, "env " + ENV_URL);
    }
    Optional<String> noContainer = ContainerPostgres.unavailableReason();
    if (noContainer.isEmpty()) {
      return ContainerPostgres.start();
    }
    System.err.println("TestPostgres: embedded PostgreSQL binaries: " + noContainer.get());
    try {
      EmbeddedPostgres embedded = EmbeddedPostgres.builder().start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(embedded)));
      String jdbc = "jdbc:postgresql://localhost:" + embedded.getPort() + "/postgres";
      return new Server(jdbc, "postgres", "", "embedded PostgreSQL binaries");
    } catch (Exception e) {
      throw new IllegalStateException("cannot start embedded PostgreSQL", e);
    }
  }

  private static void closeQuietly(EmbeddedPostgres embedded) {
    try {
      embedded.close();
    } catch (Exception ignored) {
      // shutting down anyway
    }
  }

  /** A database for one test: where it is and how to log in. */
  public record Database(String jdbcUrl, String user, String password, String source) {}

  record Server(String adminUrl, String user, String password, String source) {

    static Server fromUrl(String url, String source) {
      java.net.URI uri = java.net.URI.create(url.substring("jdbc:".length()));
      String user = "postgres";
      String query = uri.getQuery();
      if (query != null) {
        for (String pair : query.split("&")) {
          if (pair.startsWith("user=")) {
            user = pair.substring(5);
          }
        }
      }
      String base = "jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + "/";
      String path =
          uri.getPath() == null || uri.getPath().length() <= 1 ? "/postgres" : uri.getPath();
      return new Server(base + path.substring(1), user, "", source);
    }

    String urlFor(String database) {
      int slash = adminUrl.lastIndexOf('/');
      int query = adminUrl.indexOf('?', slash);
      String suffix = query < 0 ? "" : adminUrl.substring(query);
      return adminUrl.substring(0, slash + 1) + database + suffix;
    }
  }
}
