package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The topology of one app instance: web → load balancer → app servers → database.
 *
 * <p>Every tier takes {@code cpus}, a CPU list the local target starts its processes on (through
 * {@code taskset}; children such as nginx workers and PostgreSQL backends inherit it); absent: the
 * tier runs where {@code driver.cpus} leaves room, else on every core.
 */
public record TiersSpec(WebTier web, LbTier lb, @Valid AppTier app, DbTier db) {

  /** An instance that says nothing of its tiers: one of each, chosen by the target. */
  public static final TiersSpec DEFAULTS = new TiersSpec(null, null, null, null);

  public TiersSpec {
    web = web == null ? new WebTier(null, null, null) : web;
    lb = lb == null ? new LbTier(null, null, null) : lb;
    app = app == null ? new AppTier(null, null) : app;
    db = db == null ? new DbTier(null, null, null, null, null) : db;
  }

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
      @ConfigDefault("`auto`")
          @JsonPropertyDescription(
              "`nginx`, `none`, `auto` (nginx when installed, else skipped with a notice)")
          WebImpl impl,
      @ConfigDefault("`1`") @JsonPropertyDescription("nginx instances (≥ 1 unless impl is none)")
          Integer instances,
      @ConfigDefault("none: the tier runs on the cores `driver.cpus` leaves, else on every core")
          @JsonPropertyDescription(
              "a Linux CPU list (`0`, `1-2`, `2,3`): the cores the local target "
                  + "starts that tier's processes on (`taskset -c`; nginx workers and "
                  + "PostgreSQL backends inherit them), shown on the tier's console line "
                  + "(`…, cores 0`) and kept in the saved `config.yaml`. Local target only, "
                  + "embedded PostgreSQL only for `db`, never a core of `driver.cpus`; each "
                  + "mistake is one line naming the key")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          CpuList cpus) {

    public WebTier {
      impl = impl == null ? WebImpl.AUTO : impl;
      instances = instances == null ? 1 : instances;
    }
  }

  /** HAProxy between the web tier and the app servers. */
  public record LbTier(
      @ConfigDefault("`auto`") @JsonPropertyDescription("`haproxy`, `none`, `auto`") LbImpl impl,
      @ConfigDefault("`1`") @JsonPropertyDescription("HAProxy instances") Integer instances,
      @ConfigDefault("none: the tier runs on the cores `driver.cpus` leaves, else on every core")
          @JsonPropertyDescription(
              "the cores the local target starts the HAProxy processes on, as "
                  + "`tiers.web.cpus` says")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          CpuList cpus) {

    public LbTier {
      impl = impl == null ? LbImpl.AUTO : impl;
      instances = instances == null ? 1 : instances;
    }
  }

  /** The auction app servers. */
  public record AppTier(
      @ConfigDefault("`1`") @JsonPropertyDescription("app server JVMs (≥ 1)") @Min(1)
          Integer instances,
      @ConfigDefault("none: the tier runs on the cores `driver.cpus` leaves, else on every core")
          @JsonPropertyDescription(
              "the cores the local target starts the app server processes on, as "
                  + "`tiers.web.cpus` says")
          @JsonInclude(JsonInclude.Include.NON_NULL)
          CpuList cpus) {

    public AppTier {
      instances = instances == null ? 1 : instances;
    }
  }

  /** The database. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DbTier(
      @ConfigDefault("`embedded`")
          @JsonPropertyDescription(
              "`embedded` (PostgreSQL binaries from Maven, run by the harness), "
                  + "`postgres-system` (a server on this host; a database `anemometer_<i>` "
                  + "is created on it), `postgres-external` (used as given)")
          DbImpl impl,
      @ConfigDefault("`jdbc:postgresql://127.0.0.1:5432/postgres` for postgres-system")
          @JsonPropertyDescription("required for postgres-external")
          String jdbcUrl,
      @ConfigDefault("`postgres`")
          @JsonPropertyDescription(
              "the user for `postgres-system` and `postgres-external`; `embedded` makes its own")
          String user,
      @ConfigDefault("empty")
          @JsonPropertyDescription(
              "the password for `postgres-system` and `postgres-external`, never "
                  + "written to the saved `config.yaml`; it reaches app servers through the "
                  + "environment, never the command line. `embedded` needs none: its "
                  + "superuser `postgres` has a random password (scram-sha-256) made with "
                  + "its data folder and kept beside it, readable by this user only "
                  + "(`<state>/projects/<key>/pgdata/instance-<i>.password`)")
          @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
          String password,
      @ConfigDefault("none: the tier runs on the cores `driver.cpus` leaves, else on every core")
          @JsonPropertyDescription(
              "the cores the local target starts the PostgreSQL processes on "
                  + "(embedded PostgreSQL only), as `tiers.web.cpus` says")
          CpuList cpus) {

    public DbTier {
      impl = impl == null ? DbImpl.EMBEDDED : impl;
    }
  }
}
