package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Per-tier tuning (SPEC §4.4). Every key left out is computed from the topology and the users (see
 * {@code docs/configuration.md} for each formula); a key that is set wins.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TuningSpec(Nginx nginx, Haproxy haproxy, App app, Postgres postgres) {

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

  /**
   * @param workerConnections default max(100, 10 × users / web instances)
   * @param upstreamKeepalive idle keep-alive connections per worker to the next tier
   * @param proxyTimeout read/send timeout to the next tier; must outlast the long poll
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Nginx(
      Integer workerProcesses,
      Integer workerConnections,
      Integer upstreamKeepalive,
      Duration proxyTimeout,
      Size imageCacheSize,
      Duration imageCacheValidity) {}

  /** HAProxy: balance algorithm, connection limits, timeouts, health checks. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Haproxy(
      String balance,
      Integer maxconn,
      Integer serverMaxconn,
      Duration timeoutConnect,
      Duration timeoutClient,
      Duration timeoutServer,
      Duration checkInterval) {}

  /**
   * App server JVM and Spring settings.
   *
   * @param concurrency {@code auto} (virtual threads on JDK 21+), {@code virtual} or {@code
   *     platform} (a bounded pool of {@code maxThreads})
   * @param cacheMaxUsers the user count the app sizes its caches for; default maxUsers
   * @param longPollTimeout how long a GetNextBid long poll stays parked; proxies wait longer
   * @param properties extra Spring properties passed to every app server as they are
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record App(
      Size heap,
      String gc,
      String concurrency,
      Integer maxThreads,
      Integer hikariPoolSize,
      Integer cacheMaxUsers,
      Duration longPollTimeout,
      List<String> jvmOptions,
      Map<String, String> properties) {}

  /**
   * PostgreSQL server settings.
   *
   * @param memory the memory the tier may use; the shares below are of this
   * @param settings extra {@code postgresql.conf} settings passed as they are
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Postgres(
      Size memory,
      Size sharedBuffers,
      Size effectiveCacheSize,
      Integer maxConnections,
      String synchronousCommit,
      Size workMem,
      Map<String, String> settings) {}
}
