package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whose objects the current schema holds, before {@code load --force} cleans it: Flyway clean drops
 * every object of the schema, so it runs only where this project's own schema history is, never on
 * a schema that merely shares the database's name with someone else's data.
 */
enum SchemaOwnership {
  /** No table, view, sequence or function at all: nothing to clean. */
  EMPTY,
  /** Flyway's history of this project's first migration: the schema is the auction database. */
  OURS,
  /** Objects without that history: someone else's. */
  FOREIGN;

  private static final String HISTORY_TABLE = "flyway_schema_history";
  private static final String FIRST_MIGRATION = "V1__schema.sql";

  private static final String OBJECTS =
      """
      SELECT (SELECT count(*) FROM pg_class
              WHERE relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))
           + (SELECT count(*) FROM pg_proc
              WHERE pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))
      """;

  static SchemaOwnership of(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      if (single(statement, OBJECTS) == 0) {
        return EMPTY;
      }
      if (single(
              statement,
              "SELECT count(*) FROM pg_class WHERE oid = to_regclass('" + HISTORY_TABLE + "')")
          == 0) {
        return FOREIGN;
      }
      long ours =
          single(
              statement,
              "SELECT count(*) FROM "
                  + HISTORY_TABLE
                  + " WHERE version = '1' AND script = '"
                  + FIRST_MIGRATION
                  + "'");
      return ours > 0 ? OURS : FOREIGN;
    }
  }

  private static long single(Statement statement, String sql) throws SQLException {
    try (ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }
}
