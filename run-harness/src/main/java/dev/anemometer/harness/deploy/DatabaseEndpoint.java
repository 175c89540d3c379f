package dev.anemometer.harness.deploy;

/** How an app instance reaches its database. */
public record DatabaseEndpoint(String jdbcUrl, String user, String password) {

  @Override
  public String toString() {
    return jdbcUrl + " as " + user; // never the password
  }
}
