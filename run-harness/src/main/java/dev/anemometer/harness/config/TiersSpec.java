package dev.anemometer.harness.config;

/** The topology of one app instance: web → load balancer → app servers → database. */
public record TiersSpec(WebTier web, LbTier lb, AppTier app, DbTier db) {

  /** nginx in front: serves the home page and caches images. */
  public record WebTier(WebImpl impl, int instances) {}

  /** HAProxy between the web tier and the app servers. */
  public record LbTier(LbImpl impl, int instances) {}

  /** The auction app servers. */
  public record AppTier(int instances) {}

  /**
   * The database.
   *
   * @param jdbcUrl required for postgres-external; for postgres-system the server to create
   *     databases on (default {@code jdbc:postgresql://127.0.0.1:5432/postgres})
   */
  @com.fasterxml.jackson.annotation.JsonInclude(
      com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
  public record DbTier(DbImpl impl, String jdbcUrl, String user, String password) {}
}
