package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.database.DatabaseConnections;
import dev.anemometer.harness.deploy.TierStartException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/** Creating a database per app instance on a PostgreSQL server the harness may not own. */
public final class Databases {

  private static final Pattern NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private Databases() {}

  /**
   * Creates {@code database} on the server of {@code adminUrl} unless it exists.
   *
   * @return the JDBC URL of {@code database}
   */
  public static String createIfMissing(
      String adminUrl, String user, String password, String database) {
    if (!NAME.matcher(database).matches()) {
      throw new IllegalArgumentException("not a plain database name: " + database);
    }
    try (Connection admin = DatabaseConnections.open(adminUrl, user, password)) {
      boolean exists;
      try (PreparedStatement query =
          admin.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
        query.setString(1, database);
        try (ResultSet rows = query.executeQuery()) {
          exists = rows.next();
        }
      }
      if (!exists) {
        try (Statement create = admin.createStatement()) {
          create.execute("CREATE DATABASE " + database);
        }
      }
    } catch (SQLException e) {
      throw new TierStartException(
          "cannot create database " + database + " on " + adminUrl + ": " + e.getMessage(), e);
    }
    return withDatabase(adminUrl, database);
  }

  /** {@code jdbc:postgresql://host:port/any?x} → same server, database {@code database}. */
  public static String withDatabase(String jdbcUrl, String database) {
    String prefix = "jdbc:postgresql://";
    int slash = jdbcUrl.indexOf('/', prefix.length());
    int query = jdbcUrl.indexOf('?');
    String server =
        slash < 0
            ? (query < 0 ? jdbcUrl : jdbcUrl.substring(0, query))
            : jdbcUrl.substring(0, slash);
    String suffix = query < 0 ? "" : jdbcUrl.substring(query);
    return server + "/" + database + suffix;
  }
}
