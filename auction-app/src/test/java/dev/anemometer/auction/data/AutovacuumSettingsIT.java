package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.TestPostgres;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The tables that churn for a whole run (high_bid, attendance) are vacuumed every few thousand dead
 * rows rather than at a fifth of their size (decision 0008), from the migration on and through
 * every data command, including a forced load that recreates the schema.
 */
class AutovacuumSettingsIT {

  private static final List<String> CHURN_SETTINGS =
      List.of(
          "autovacuum_vacuum_scale_factor=0",
          "autovacuum_vacuum_threshold=2000",
          "autovacuum_analyze_scale_factor=0",
          "autovacuum_analyze_threshold=10000",
          "vacuum_index_cleanup=on",
          "vacuum_truncate=off");

  @Test
  void churningTablesKeepTheirAutovacuumSettingsThroughLoadResetAndForcedLoad()
      throws SQLException {
    TestPostgres.Database database = TestPostgres.newDatabase();
    Flyway.configure()
        .dataSource(database.jdbcUrl(), database.user(), database.password())
        .load()
        .migrate();
    assertChurnSettings(database, "after the migration");

    DataCli.Outcome load = DataCli.run(database, "load", "--max-users", "15");
    assertThat(load.exitCode()).as(load.err()).isZero();
    assertChurnSettings(database, "after a load");

    DataCli.Outcome reset = DataCli.run(database, "reset");
    assertThat(reset.exitCode()).as(reset.err()).isZero();
    assertChurnSettings(database, "after a reset");

    DataCli.Outcome forced = DataCli.run(database, "load", "--max-users", "15", "--force");
    assertThat(forced.exitCode()).as(forced.err()).isZero();
    assertChurnSettings(database, "after a forced load");
  }

  private static void assertChurnSettings(TestPostgres.Database database, String when)
      throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      for (String table : List.of("high_bid", "attendance")) {
        assertThat(reloptions(connection, table))
            .as("%s %s", table, when)
            .containsExactlyInAnyOrderElementsOf(CHURN_SETTINGS);
      }
    }
  }

  private static List<String> reloptions(Connection connection, String table) throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            "SELECT reloptions FROM pg_class WHERE oid = to_regclass(?) AND relkind = 'r'")) {
      query.setString(1, table);
      try (ResultSet row = query.executeQuery()) {
        assertThat(row.next()).as("table %s exists", table).isTrue();
        Array options = row.getArray(1);
        return options == null ? List.of() : List.of((String[]) options.getArray());
      }
    }
  }
}
