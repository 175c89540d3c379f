package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The secondary indexes and foreign keys of the loaded tables, read from the catalog so that the
 * loader needs no copy of the schema: they are dropped before the bulk COPY (index maintenance and
 * per-row foreign-key triggers would cost more than the COPY itself) and rebuilt afterwards in a
 * few bulk passes. Primary keys and unique constraints stay, so duplicate ids still fail.
 */
record SchemaObjects(List<Definition> indexes, List<Definition> foreignKeys) {

  /** A named object of a table, with the SQL that creates it again. */
  record Definition(String table, String name, String sql) {}

  private static final String INDEXES =
      """
      SELECT t.relname, i.relname, pg_get_indexdef(x.indexrelid)
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND t.relname = ANY (?)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY t.relname, i.relname
      """;
  private static final String FOREIGN_KEYS =
      """
      SELECT t.relname, c.conname, pg_get_constraintdef(c.oid)
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'f'
        AND t.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
        AND t.relname = ANY (?)
      ORDER BY t.relname, c.conname
      """;

  static SchemaObjects read(Connection connection, List<String> tables) throws SQLException {
    return new SchemaObjects(
        definitions(connection, INDEXES, tables), definitions(connection, FOREIGN_KEYS, tables));
  }

  /**
   * The same objects, those of the tables listed first coming first: rebuilding the biggest table's
   * indexes first keeps every worker busy until the end.
   */
  SchemaObjects orderedByTable(List<String> tables) {
    Comparator<Definition> byTable = Comparator.comparingInt(d -> tables.indexOf(d.table()));
    return new SchemaObjects(
        indexes.stream().sorted(byTable).toList(), foreignKeys.stream().sorted(byTable).toList());
  }

  void drop(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (Definition key : foreignKeys) {
        statement.execute(
            "ALTER TABLE " + quote(key.table()) + " DROP CONSTRAINT " + quote(key.name()));
      }
      for (Definition index : indexes) {
        statement.execute("DROP INDEX " + quote(index.name()));
      }
    }
  }

  /**
   * Foreign keys come back NOT VALID first (instant, but each takes a lock on two tables, so one at
   * a time); validating them afterwards takes weaker locks and may run in parallel.
   */
  List<String> addForeignKeysNotValid() {
    return foreignKeys.stream()
        .map(
            key ->
                "ALTER TABLE "
                    + quote(key.table())
                    + " ADD CONSTRAINT "
                    + quote(key.name())
                    + " "
                    + key.sql()
                    + " NOT VALID")
        .toList();
  }

  List<String> validateForeignKeys() {
    return foreignKeys.stream()
        .map(
            key ->
                "ALTER TABLE " + quote(key.table()) + " VALIDATE CONSTRAINT " + quote(key.name()))
        .toList();
  }

  List<String> createIndexes() {
    return indexes.stream().map(Definition::sql).toList();
  }

  private static List<Definition> definitions(
      Connection connection, String query, List<String> tables) throws SQLException {
    List<Definition> definitions = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(query)) {
      statement.setArray(1, connection.createArrayOf("text", tables.toArray()));
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          definitions.add(new Definition(rows.getString(1), rows.getString(2), rows.getString(3)));
        }
      }
    }
    return List.copyOf(definitions);
  }

  private static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
