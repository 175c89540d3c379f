package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.TestPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DataLoadFailureIT {

  @Test
  void aFailedCopyLeavesAnEmptyDatabaseWithItsWholeSchemaSoAPlainLoadWorksAgain()
      throws SQLException {
    TestPostgres.Database database = TestPostgres.newDatabase();
    new ConnectionSettings(database.jdbcUrl(), database.user(), database.password())
        .flyway()
        .load()
        .migrate();
    SchemaObjects schema;
    try (Connection connection = DataCli.connect(database)) {
      schema = SchemaObjects.read(connection, LoadPlan.TABLES);
      // Stands in for anything that breaks a COPY half-way: a full disk, a lost connection.
      DataCli.execute(
          connection,
          """
          CREATE FUNCTION refuse_bid() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'disk full (simulated)'; END $$
          """,
          "CREATE TRIGGER refuse_bid BEFORE INSERT ON bid FOR EACH ROW EXECUTE FUNCTION"
              + " refuse_bid()");
    }

    DataCli.Outcome failed = DataCli.run(database, "load", "--max-users", "15");

    assertThat(failed.exitCode()).isEqualTo(1);
    assertThat(failed.err().lines()).singleElement().asString().contains("disk full (simulated)");
    try (Connection connection = DataCli.connect(database)) {
      assertThat(SchemaObjects.read(connection, LoadPlan.TABLES)).isEqualTo(schema);
      for (String table : LoadPlan.TABLES) {
        assertThat(DataCli.count(connection, "SELECT count(*) FROM " + table)).as(table).isZero();
      }
      assertThat(DataCli.count(connection, "SELECT count(*) FROM dataset")).isZero();
      DataCli.execute(connection, "DROP TRIGGER refuse_bid ON bid");
    }
    DataCli.Outcome retried = DataCli.run(database, "load", "--max-users", "15");
    assertThat(retried.exitCode()).as(retried.err()).isZero();
  }
}
