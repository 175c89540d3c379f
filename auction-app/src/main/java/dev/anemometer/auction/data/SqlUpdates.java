package dev.anemometer.auction.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** One parameterised statement of the data commands, run at once. */
final class SqlUpdates {

  private SqlUpdates() {}

  /** Runs {@code sql} with {@code parameters} bound in order; returns the rows it touched. */
  static int update(Connection connection, String sql, long... parameters) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (int i = 0; i < parameters.length; i++) {
        statement.setLong(i + 1, parameters[i]);
      }
      return statement.executeUpdate();
    }
  }
}
