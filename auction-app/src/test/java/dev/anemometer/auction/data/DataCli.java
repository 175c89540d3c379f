package dev.anemometer.auction.data;

import dev.anemometer.auction.support.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs data commands in-process, as the jar would, and queries the database they worked on. */
final class DataCli {

  /** What a command printed and how it exited. */
  record Outcome(int exitCode, String out, String err) {}

  private DataCli() {}

  static Outcome run(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exitCode =
        DataCommand.run(
            List.of(args),
            env,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            false);
    return new Outcome(
        exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Runs {@code command} against {@code database}, with the connection given as flags. */
  static Outcome run(TestPostgres.Database database, String... command) {
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(List.of("--jdbc-url", database.jdbcUrl(), "--user", database.user()));
    if (!database.password().isEmpty()) {
      args.addAll(List.of("--password", database.password()));
    }
    if (command[0].equals("load")) {
      args.addAll(List.of("--threads", "2"));
    }
    return run(Map.of(), args.toArray(String[]::new));
  }

  static Connection connect(TestPostgres.Database database) throws SQLException {
    return DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
  }

  static long count(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }

  static List<Long> longs(Connection connection, String sql) throws SQLException {
    List<Long> values = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        values.add(rows.getLong(1));
      }
    }
    return values;
  }

  static void execute(Connection connection, String... statements) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
