package dev.anemometer.auction.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.InJvmAppServer;
import dev.anemometer.auction.support.TestPostgres;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A password may be written into the JDBC URL ({@code ?password=…}); the server's log, which the
 * harness saves with the results, never shows it.
 */
@ExtendWith(OutputCaptureExtension.class)
class DatabaseUrlNotLoggedIT {

  @Test
  void aPasswordInsideTheJdbcUrlIsNotLoggedAtStart(CapturedOutput output) {
    TestPostgres.Database database = TestPostgres.newDatabase();
    // A server that trusts the test user ignores the password; one that asks gets the right one.
    String password = database.password().isEmpty() ? "in-url-s3cret" : database.password();
    String url =
        database.jdbcUrl()
            + (database.jdbcUrl().contains("?") ? "&" : "?")
            + "password="
            + password;

    try (InJvmAppServer server =
        InJvmAppServer.start(database, Map.of("anemometer.database.url", url))) {
      assertThat(server.bean(javax.sql.DataSource.class)).isNotNull();
    }

    assertThat(output.getAll())
        .as("the app's log")
        .contains("Started")
        .doesNotContain("password=" + password);
  }
}
