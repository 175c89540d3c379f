package dev.anemometer.harness.deploy;

import dev.anemometer.harness.config.SecretKeys;

/** How an app instance reaches its database. */
public record DatabaseEndpoint(String jdbcUrl, String user, String password) {

  /** The URL as it may be saved or shown: a password written into it masked. */
  public String shownUrl() {
    return SecretKeys.withoutUrlSecrets(jdbcUrl);
  }

  @Override
  public String toString() {
    return shownUrl() + " as " + user; // never the password
  }
}
