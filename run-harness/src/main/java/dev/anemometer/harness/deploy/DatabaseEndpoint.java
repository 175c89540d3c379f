package dev.anemometer.harness.deploy;

import dev.anemometer.harness.config.SecretKeys;

/** How an app instance reaches its database. */
public record DatabaseEndpoint(String jdbcUrl, String user, String password) {

  @Override
  public String toString() {
    // never the password, nor one written into the URL
    return SecretKeys.withoutUrlSecrets(jdbcUrl) + " as " + user;
  }
}
