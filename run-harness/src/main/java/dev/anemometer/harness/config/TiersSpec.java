package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The topology of one app instance: web → load balancer → app servers → database.
 *
 * <p>Every tier takes {@code cpus}, a CPU list the local target starts its processes on (through
 * {@code taskset}; children such as nginx workers and PostgreSQL backends inherit it); absent: the
 * tier runs where {@code driver.cpus} leaves room, else on every core.
 */
public record TiersSpec(WebTier web, LbTier lb, AppTier app, DbTier db) {

  /** The tiers whose config names their cores, by config name (web, lb, app, db). */
  @JsonIgnore
  public Map<String, CpuList> cpusByTier() {
    Map<String, CpuList> pinned = new LinkedHashMap<>();
    if (web != null && web.cpus() != null) {
      pinned.put("web", web.cpus());
    }
    if (lb != null && lb.cpus() != null) {
      pinned.put("lb", lb.cpus());
    }
    if (app != null && app.cpus() != null) {
      pinned.put("app", app.cpus());
    }
    if (db != null && db.cpus() != null) {
      pinned.put("db", db.cpus());
    }
    return pinned;
  }

  /** nginx in front: serves the home page and caches images. */
  public record WebTier(
      WebImpl impl, int instances, @JsonInclude(JsonInclude.Include.NON_NULL) CpuList cpus) {}

  /** HAProxy between the web tier and the app servers. */
  public record LbTier(
      LbImpl impl, int instances, @JsonInclude(JsonInclude.Include.NON_NULL) CpuList cpus) {}

  /** The auction app servers. */
  public record AppTier(int instances, @JsonInclude(JsonInclude.Include.NON_NULL) CpuList cpus) {}

  /**
   * The database.
   *
   * @param jdbcUrl required for postgres-external; for postgres-system the server to create
   *     databases on (default {@code jdbc:postgresql://127.0.0.1:5432/postgres})
   * @param password read from the file but never written back: the resolved config is saved with
   *     the results, which are shared
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DbTier(
      DbImpl impl,
      String jdbcUrl,
      String user,
      @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String password,
      CpuList cpus) {}
}
