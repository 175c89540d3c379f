package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationInfoService;

/** {@code data check --users N}: is the schema current and the loaded dataset big enough? */
final class DatasetCheck {

  /** The verdict and the one line that explains it. */
  record Result(boolean supported, String message) {}

  private final ConnectionSettings database;

  DatasetCheck(ConnectionSettings database) {
    this.database = database;
  }

  Result check(int users) throws SQLException {
    MigrationInfoService migrations = database.flyway().load().info();
    if (migrations.applied().length == 0) {
      return new Result(false, "the database is empty: no schema and no dataset; run data load");
    }
    MigrationInfo[] pending = migrations.pending();
    if (pending.length > 0) {
      String versions =
          Arrays.stream(pending)
              .map(info -> String.valueOf(info.getVersion()))
              .collect(Collectors.joining(", "));
      return new Result(
          false, "the schema is not current (pending: " + versions + "); run data load --force");
    }
    Optional<DatasetRecord> record;
    try (Connection connection = database.open()) {
      record = DatasetRecord.read(connection);
    }
    if (record.isEmpty()) {
      return new Result(false, "no dataset is loaded; run data load --max-users " + users);
    }
    if (!record.get().complete()) {
      return new Result(false, "a data load did not finish; run data load --force");
    }
    int maxUsers = record.get().maxUsers();
    if (maxUsers < users) {
      return new Result(
          false,
          "the loaded dataset supports "
              + maxUsers
              + " users, fewer than "
              + users
              + "; run data load --force --max-users "
              + users);
    }
    return new Result(
        true,
        "the loaded dataset supports "
            + maxUsers
            + " users (loaded "
            + record.get().loadedAt()
            + "), enough for "
            + users);
  }
}
