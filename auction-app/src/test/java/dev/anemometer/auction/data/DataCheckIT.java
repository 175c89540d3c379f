package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.TestPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DataCheckIT {

  @Test
  void anEmptyDatabaseSupportsNobody() {
    DataCli.Outcome check = DataCli.run(TestPostgres.newDatabase(), "check", "--users", "1");
    assertThat(check.exitCode()).isEqualTo(1);
    assertThat(check.out().lines()).singleElement().asString().contains("empty");
  }

  @Test
  void aLoadedDatasetSupportsUpToItsMaxUsers() {
    TestPostgres.Database database = TestPostgres.newDatabase();
    assertThat(DataCli.run(database, "load", "--max-users", "15").exitCode()).isZero();

    assertThat(DataCli.run(database, "check", "--users", "15").exitCode()).isZero();
    assertThat(DataCli.run(database, "check", "--users", "3").exitCode()).isZero();
    DataCli.Outcome tooMany = DataCli.run(database, "check", "--users", "16");
    assertThat(tooMany.exitCode()).isEqualTo(1);
    assertThat(tooMany.out().lines()).singleElement().asString().contains("supports 15 users");
  }

  @Test
  void aMigratedSchemaWithoutDataOrWithAnUnfinishedLoadSupportsNobody() throws SQLException {
    TestPostgres.Database database = TestPostgres.newDatabase();
    new ConnectionSettings(database.jdbcUrl(), database.user(), database.password())
        .flyway()
        .load()
        .migrate();
    DataCli.Outcome noDataset = DataCli.run(database, "check", "--users", "1");
    assertThat(noDataset.exitCode()).isEqualTo(1);
    assertThat(noDataset.out()).contains("no dataset");

    try (Connection connection = DataCli.connect(database)) {
      DatasetRecord.markLoadStarted(connection);
    }
    DataCli.Outcome unfinished = DataCli.run(database, "check", "--users", "1");
    assertThat(unfinished.exitCode()).isEqualTo(1);
    assertThat(unfinished.out()).contains("did not finish");
    DataCli.Outcome load = DataCli.run(database, "load", "--max-users", "15");
    assertThat(load.exitCode()).isEqualTo(1);
    assertThat(load.err()).contains("unfinished load").contains("--force");
  }
}
