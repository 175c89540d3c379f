package dev.anemometer.auction.system.web;

import java.sql.SQLException;

/** Reads the SQLSTATE behind a Spring data-access exception. */
final class SqlStates {

  private SqlStates() {}

  /** SQLSTATE class 22 ("data exception"): the value itself is bad, not the database's state. */
  static boolean isDataException(Throwable ex) {
    for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
      if (cause instanceof SQLException sql && sql.getSQLState() != null) {
        return sql.getSQLState().startsWith("22");
      }
    }
    return false;
  }
}
