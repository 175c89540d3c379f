package dev.anemometer.harness.soak;

import dev.anemometer.harness.deploy.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What an app instance's database holds: its connections, its size and that of each table of the
 * app's schema with the dead rows vacuum has yet to reclaim (bloat). Read over a connection of its
 * own per sample, left out of the count, so that a restarted database is read again.
 *
 * @param connections the other sessions in the database (the app servers' pools, the audit)
 */
record DatabaseUsage(long connections, long databaseBytes, Map<String, Table> tables) {

  /** One table with its indexes and TOAST. */
  record Table(long bytes, long deadRows) {}

  private static final String CONNECTIONS =
      "select count(*) from pg_stat_activity"
          + " where datname = current_database() and pid <> pg_backend_pid()";

  private static final String DATABASE_SIZE = "select pg_database_size(current_database())";

  // Flyway's history is the schema's, not the app's data.
  private static final String TABLES =
      "select relname, pg_total_relation_size(relid), n_dead_tup from pg_stat_user_tables"
          + " where schemaname = current_schema() and relname <> 'flyway_schema_history'";

  static DatabaseUsage read(DatabaseEndpoint endpoint) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", endpoint.user());
    properties.setProperty("password", endpoint.password() == null ? "" : endpoint.password());
    properties.setProperty("ApplicationName", "anemometer-soak-sampler");
    properties.setProperty("connectTimeout", "5");
    properties.setProperty("socketTimeout", "10");
    try (Connection connection = DriverManager.getConnection(endpoint.jdbcUrl(), properties)) {
      long connections = single(connection, CONNECTIONS);
      long size = single(connection, DATABASE_SIZE);
      Map<String, Table> tables = new TreeMap<>();
      try (PreparedStatement statement = connection.prepareStatement(TABLES);
          ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          tables.put(rows.getString(1), new Table(rows.getLong(2), rows.getLong(3)));
        }
      }
      return new DatabaseUsage(connections, size, tables);
    }
  }

  private static long single(Connection connection, String sql) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql);
        ResultSet row = statement.executeQuery()) {
      row.next();
      return row.getLong(1);
    }
  }
}
