package dev.anemometer.harness.database;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;

/**
 * Every JDBC connection the harness opens, with deadlines: a database that stops answering (paused,
 * partitioned, a full disk) ends the wait with an error instead of hanging the run. The socket
 * timeout is the guard that works even when the server cannot run its own statement timeout.
 */
public final class DatabaseConnections {

  /** Long enough for a busy server to accept, short enough that a dead one is noticed. */
  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** The longest single statement of the harness: the audit's joins over a large dataset. */
  public static final Duration STATEMENT_TIMEOUT = Duration.ofMinutes(4);

  /** A minute beyond the statement timeout, so the server's own cancel is seen first. */
  public static final Duration SOCKET_TIMEOUT = STATEMENT_TIMEOUT.plusMinutes(1);

  private DatabaseConnections() {}

  public static Connection open(String jdbcUrl, String user, String password) throws SQLException {
    return DriverManager.getConnection(jdbcUrl, properties(user, password));
  }

  static Properties properties(String user, String password) {
    Properties properties = new Properties();
    if (user != null) {
      properties.setProperty("user", user);
    }
    properties.setProperty("password", password == null ? "" : password);
    properties.setProperty("connectTimeout", String.valueOf(CONNECT_TIMEOUT.toSeconds()));
    properties.setProperty("loginTimeout", String.valueOf(CONNECT_TIMEOUT.toSeconds()));
    properties.setProperty("socketTimeout", String.valueOf(SOCKET_TIMEOUT.toSeconds()));
    properties.setProperty("options", "-c statement_timeout=" + STATEMENT_TIMEOUT.toMillis());
    return properties;
  }
}
