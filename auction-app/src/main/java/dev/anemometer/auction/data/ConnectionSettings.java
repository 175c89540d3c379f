package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Where the auction database is; user and password may be absent when the URL carries them.
 *
 * @param jdbcUrl a {@code jdbc:postgresql:} URL
 */
record ConnectionSettings(String jdbcUrl, String user, String password) {

  private static final String APPLICATION_NAME = "anemometer-data";

  Connection open() throws SQLException {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    if (password != null) {
      properties.setProperty("password", password);
    }
    properties.setProperty("ApplicationName", APPLICATION_NAME);
    return DriverManager.getConnection(jdbcUrl, properties);
  }

  /** Flyway on the application's migrations, logging through whatever the jar provides. */
  FluentConfiguration flyway() {
    return Flyway.configure()
        .dataSource(jdbcUrl, user, password)
        .locations("classpath:db/migration");
  }
}
