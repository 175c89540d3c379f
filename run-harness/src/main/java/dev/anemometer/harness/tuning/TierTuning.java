package dev.anemometer.harness.tuning;

import dev.anemometer.harness.config.TuningSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Every tuning value of one app instance, resolved: set in the config or computed. */
public record TierTuning(Nginx nginx, Haproxy haproxy, App app, Postgres postgres) {

  /**
   * @param workerProcesses 0 means {@code auto} (one per core)
   */
  public record Nginx(
      int workerProcesses,
      int workerConnections,
      int upstreamKeepalive,
      Duration proxyTimeout,
      long imageCacheMegabytes,
      Duration imageCacheValidity) {}

  /** HAProxy; {@code serverMaxconn} 0 means no per-server limit. */
  public record Haproxy(
      TuningSpec.Balance balance,
      int maxconn,
      int serverMaxconn,
      Duration timeoutConnect,
      Duration timeoutClient,
      Duration timeoutServer,
      Duration checkInterval) {}

  /** One app server JVM. */
  public record App(
      long heapMegabytes,
      TuningSpec.Gc gc,
      TuningSpec.Concurrency concurrency,
      int maxThreads,
      int hikariPoolSize,
      int cacheMaxUsers,
      Duration longPollTimeout,
      List<String> jvmOptions,
      Map<String, String> properties) {}

  /** The PostgreSQL server of the instance. */
  public record Postgres(
      long memoryMegabytes,
      long sharedBuffersMegabytes,
      long effectiveCacheSizeMegabytes,
      int maxConnections,
      TuningSpec.SynchronousCommit synchronousCommit,
      long workMemMegabytes,
      Map<String, String> settings) {}
}
