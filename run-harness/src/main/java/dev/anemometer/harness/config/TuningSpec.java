package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Per-tier tuning (SPEC §4.4). Every key left out is computed from the topology and the users (see
 * {@code docs/configuration.md} for each formula); a key that is set wins.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TuningSpec(
    @JsonPropertyDescription("the web tier's nginx, below") @Valid Nginx nginx,
    @JsonPropertyDescription("the load balancer's HAProxy, below") @Valid Haproxy haproxy,
    @JsonPropertyDescription("the app servers' JVM, pools and timeouts, below") @Valid App app,
    @JsonPropertyDescription("the database's PostgreSQL, below") @Valid Postgres postgres) {

  static final String ABSOLUTE = "must be an absolute size > 0 (e.g. 256m, 2g)";
  static final String SIZE_OR_SHARE =
      "must be a size > 0 (e.g. 512m) or a share between 0% and 100%";

  public static TuningSpec empty() {
    return new TuningSpec(null, null, null, null);
  }

  public Nginx nginxOrEmpty() {
    return nginx == null ? new Nginx(null, null, null, null, null, null) : nginx;
  }

  public Haproxy haproxyOrEmpty() {
    return haproxy == null ? new Haproxy(null, null, null, null, null, null, null) : haproxy;
  }

  public App appOrEmpty() {
    return app == null ? new App(null, null, null, null, null, null, null, null, null) : app;
  }

  public Postgres postgresOrEmpty() {
    return postgres == null ? new Postgres(null, null, null, null, null, null, null) : postgres;
  }

  /** nginx: workers, connections, the proxy timeout and the image cache. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Nginx(
      @ConfigDefault("one per core (nginx's `auto`)")
          @JsonPropertyDescription(
              "worker processes; on the local target, more where the open-file limit "
                  + "leaves the workers of one per core short of `workerConnections` "
                  + "together (each worker gets at most the limit less 100, and `reuseport` "
                  + "spreads the connections evenly over them)")
          @Min(1)
          Integer workerProcesses,
      @ConfigDefault("max(100, 10 × users / web instances)")
          @JsonPropertyDescription("connections per worker")
          @Min(1)
          Integer workerConnections,
      @ConfigDefault("max(64, 3 × users / web instances)")
          @JsonPropertyDescription(
              "idle connections per worker to the next tier (two long polls and one request per user)")
          @Min(1)
          Integer upstreamKeepalive,
      @ConfigDefault("max(40s, longPollTimeout + 10s)")
          @JsonPropertyDescription(
              "how long nginx waits on the next tier for an answer; must outlast the long poll")
          Duration proxyTimeout,
      @ConfigDefault("`256m`")
          @JsonPropertyDescription(
              "size of the image proxy cache (`/api/items/*/images/*`); no cache "
                  + "lock: concurrent misses for a new image all go to the app rather than "
                  + "wait in nginx's 500 ms lock rechecks")
          @SizeRule(message = ABSOLUTE)
          Size imageCacheSize,
      @ConfigDefault("`10m`") @JsonPropertyDescription("how long a cached image stays fresh")
          Duration imageCacheValidity) {}

  /** HAProxy: balance algorithm, connection limits, timeouts, health checks. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Haproxy(
      @ConfigDefault("`leastconn`")
          @JsonPropertyDescription("how HAProxy picks an app server for a new connection")
          Balance balance,
      @ConfigDefault("max(1000, 10 × users / lb instances)")
          @JsonPropertyDescription("connections the load balancer accepts")
          @Min(1)
          Integer maxconn,
      @ConfigDefault("none")
          @JsonPropertyDescription("connections per app server, the rest queued")
          @Min(1)
          Integer serverMaxconn,
      @ConfigDefault("`1s`")
          @JsonPropertyDescription(
              "the longest wait for a connection to an app server, which on a LAN "
                  + "takes well under a millisecond; a killed container's address answers "
                  + "nothing, and each request sent there waits this long before it goes to another server")
          Duration timeoutConnect,
      @ConfigDefault("proxyTimeout + 15s")
          @JsonPropertyDescription("how long a client's connection may stay silent")
          Duration timeoutClient,
      @ConfigDefault("max(40s, longPollTimeout + 10s)")
          @JsonPropertyDescription(
              "the longest wait for an app server's answer; must outlast the long poll")
          Duration timeoutServer,
      @ConfigDefault("`2s`")
          @JsonPropertyDescription(
              "health check (`GET /actuator/health/readiness`) interval; 500 ms while "
                  + "a server changes state. The first connection a server refuses or "
                  + "leaves unanswered marks it down at once (`observe layer4`), without "
                  + "waiting for its checks")
          Duration checkInterval) {}

  /** App server JVM and Spring settings. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record App(
      @ConfigDefault("min(4g, 256m + 1m × users per app server)")
          @JsonPropertyDescription("the app server's heap (`-Xms` = `-Xmx`)")
          @SizeRule(share = true, message = SIZE_OR_SHARE)
          Size heap,
      @ConfigDefault("`G1`")
          @JsonPropertyDescription("the app server's garbage collector (`-XX:+Use<name>GC`)")
          Gc gc,
      @ConfigDefault("`auto`")
          @JsonPropertyDescription(
              "how requests run: `auto` takes virtual threads on JDK 21 and later, "
                  + "else platform threads")
          Concurrency concurrency,
      @ConfigDefault("`200`") @JsonPropertyDescription("platform request threads") @Min(1)
          Integer maxThreads,
      @ConfigDefault("max(10, min(40, ⌈users per app server / 25⌉))")
          @JsonPropertyDescription("database connections per app server")
          @Min(1)
          Integer hikariPoolSize,
      @ConfigDefault("`maxUsers`")
          @JsonPropertyDescription("the user count the app sizes its caches for")
          @Min(1)
          Integer cacheMaxUsers,
      @ConfigDefault("`30s`")
          @JsonPropertyDescription(
              "how long a GetNextBid long poll is held before it answers without a bid")
          @PositiveDuration
          Duration longPollTimeout,
      @ConfigDefault("`[]`") @JsonPropertyDescription("extra JVM options, appended")
          List<String> jvmOptions,
      @ConfigDefault("`{}`")
          @JsonPropertyDescription(
              "extra Spring properties (`anemometer.live-auction.open-duration: 5s`), "
                  + "win over computed ones")
          Map<String, String> properties) {}

  /** PostgreSQL server settings. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Postgres(
      @ConfigDefault("max(256m, min(4g, host memory / 4))")
          @JsonPropertyDescription("the tier's memory; the shares below are of it")
          @SizeRule(message = ABSOLUTE)
          Size memory,
      @ConfigDefault("`25%`")
          @JsonPropertyDescription("`shared_buffers`: a size, or a share of `memory`")
          @SizeRule(share = true, message = SIZE_OR_SHARE)
          Size sharedBuffers,
      @ConfigDefault("`65%`")
          @JsonPropertyDescription("`effective_cache_size`: a size, or a share of `memory`")
          @SizeRule(share = true, message = SIZE_OR_SHARE)
          Size effectiveCacheSize,
      @ConfigDefault("max(50, app servers at the elasticity peak × (hikariPoolSize + 2) + 10)")
          @JsonPropertyDescription(
              "`max_connections`; fewer than the app servers' pools need is an error")
          @Min(1)
          Integer maxConnections,
      @ConfigDefault("`on`")
          @JsonPropertyDescription(
              "`synchronous_commit`; `off` is recorded as a durability warning of the run")
          SynchronousCommit synchronousCommit,
      @ConfigDefault("max(4m, memory / 4 / maxConnections)")
          @JsonPropertyDescription("`work_mem`")
          @SizeRule(share = true, message = SIZE_OR_SHARE)
          Size workMem,
      @ConfigDefault("`{}`") @JsonPropertyDescription("extra `postgresql.conf` settings, as given")
          Map<String, String> settings) {}

  /** HAProxy's {@code balance} algorithm. */
  public enum Balance implements ConfigName {
    LEASTCONN("leastconn"),
    ROUNDROBIN("roundrobin"),
    FIRST("first"),
    SOURCE("source");

    private final String configName;

    Balance(String configName) {
      this.configName = configName;
    }

    @Override
    public String configName() {
      return configName;
    }
  }

  /** The app server's garbage collector, as {@code -XX:+Use<name>GC} names it. */
  public enum Gc implements ConfigName {
    G1("G1"),
    ZGC("ZGC"),
    PARALLEL("Parallel"),
    SERIAL("Serial");

    private final String configName;

    Gc(String configName) {
      this.configName = configName;
    }

    @Override
    public String configName() {
      return configName;
    }
  }

  /**
   * How the app server runs requests: {@code auto} takes virtual threads where the JDK has them.
   */
  public enum Concurrency implements ConfigName {
    AUTO("auto"),
    VIRTUAL("virtual"),
    PLATFORM("platform");

    private final String configName;

    Concurrency(String configName) {
      this.configName = configName;
    }

    @Override
    public String configName() {
      return configName;
    }
  }

  /** PostgreSQL's {@code synchronous_commit}. */
  public enum SynchronousCommit implements ConfigName {
    ON("on"),
    OFF("off"),
    LOCAL("local"),
    REMOTE_WRITE("remote_write"),
    REMOTE_APPLY("remote_apply");

    private final String configName;

    SynchronousCommit(String configName) {
      this.configName = configName;
    }

    @Override
    public String configName() {
      return configName;
    }
  }
}
