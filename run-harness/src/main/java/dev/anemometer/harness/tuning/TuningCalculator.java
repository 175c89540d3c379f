package dev.anemometer.harness.tuning;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ElasticitySpec;
import dev.anemometer.harness.config.Size;
import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.config.TiersSpec;
import dev.anemometer.harness.config.TuningSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The formulas of SPEC §4.4: each tuning key the config leaves out is computed from the users and
 * the topology; a key the config sets wins, except where it would break the stack (PostgreSQL
 * connections fewer than the app servers' pools), which is an error naming the key.
 */
public final class TuningCalculator {

  /** Connections PostgreSQL keeps for the data loader, the bid audit and an operator's psql. */
  static final int RESERVED_CONNECTIONS = 10;

  /** Connections each app server holds besides its pool: LISTEN for long-poll wake-ups, spare. */
  static final int EXTRA_CONNECTIONS_PER_APP = 2;

  static final Duration DEFAULT_LONG_POLL = Duration.ofSeconds(30);

  private final long hostMemoryBytes;

  /**
   * @param hostMemoryBytes this host's memory, the default share PostgreSQL's memory is cut from
   */
  public TuningCalculator(long hostMemoryBytes) {
    this.hostMemoryBytes = hostMemoryBytes;
  }

  public TierTuning compute(AnemometerConfig config, int appInstanceIndex) {
    AppInstanceSpec instance = config.appInstances().get(appInstanceIndex);
    TuningSpec tuning = instance.tuning() == null ? TuningSpec.empty() : instance.tuning();
    TiersSpec tiers = instance.tiers();
    int users = instance.peakUsers(config.strategy(), config.findMax());
    int maxAppServers = maxAppServers(config, appInstanceIndex);
    String path = "appInstances[" + appInstanceIndex + "].tuning";
    TierTuning.App app = app(tuning.appOrEmpty(), users, instance.maxUsers(), tiers);
    return new TierTuning(
        nginx(tuning.nginxOrEmpty(), users, tiers.web().instances(), app.longPollTimeout()),
        haproxy(tuning.haproxyOrEmpty(), users, tiers.lb().instances(), app.longPollTimeout()),
        app,
        postgres(tuning.postgresOrEmpty(), app.hikariPoolSize(), maxAppServers, path));
  }

  private TierTuning.Nginx nginx(TuningSpec.Nginx set, int users, int webInstances, Duration poll) {
    int workerConnections = Math.max(100, 10 * users / Math.max(1, webInstances));
    return new TierTuning.Nginx(
        or(set.workerProcesses(), 0),
        or(set.workerConnections(), workerConnections),
        or(set.upstreamKeepalive(), upstreamKeepalive(users, webInstances)),
        or(set.proxyTimeout(), outlast(poll)),
        set.imageCacheSize() == null ? 256 : set.imageCacheSize().resolveMegabytes(0),
        or(set.imageCacheValidity(), Duration.ofMinutes(10)));
  }

  /**
   * Idle connections each nginx worker keeps to the next tier: as many as its users can have open
   * at once (two long polls and one request each). With fewer, every burst of answered long polls
   * (one bid wakes all its auction's followers) closes the surplus, and the next requests open new
   * connections through HAProxy to the app servers: measured as about 50 connection resets a second
   * per app server at 700 users with 64.
   */
  private static int upstreamKeepalive(int users, int webInstances) {
    return Math.max(64, 3 * users / Math.max(1, webInstances));
  }

  private TierTuning.Haproxy haproxy(
      TuningSpec.Haproxy set, int users, int lbInstances, Duration poll) {
    int maxconn = Math.max(1000, 10 * users / Math.max(1, lbInstances));
    return new TierTuning.Haproxy(
        or(set.balance(), TuningSpec.Balance.LEASTCONN),
        or(set.maxconn(), maxconn),
        or(set.serverMaxconn(), 0),
        or(set.timeoutConnect(), Duration.ofSeconds(1)),
        or(set.timeoutClient(), outlast(poll).plusSeconds(15)),
        or(set.timeoutServer(), outlast(poll)),
        or(set.checkInterval(), Duration.ofSeconds(2)));
  }

  private TierTuning.App app(TuningSpec.App set, int users, int maxUsers, TiersSpec tiers) {
    int perServer = ceilDiv(users, tiers.app().instances());
    long heapMegabytes =
        set.heap() == null
            ? Math.min(4096, 256 + perServer)
            : set.heap().resolveMegabytes(hostMemoryBytes);
    return new TierTuning.App(
        heapMegabytes,
        or(set.gc(), TuningSpec.Gc.G1),
        or(set.concurrency(), TuningSpec.Concurrency.AUTO),
        or(set.maxThreads(), 200),
        or(set.hikariPoolSize(), Math.max(10, Math.min(40, ceilDiv(perServer, 25)))),
        or(set.cacheMaxUsers(), maxUsers),
        or(set.longPollTimeout(), DEFAULT_LONG_POLL),
        set.jvmOptions() == null ? List.of() : set.jvmOptions(),
        set.properties() == null ? Map.of() : set.properties());
  }

  private TierTuning.Postgres postgres(
      TuningSpec.Postgres set, int hikariPoolSize, int maxAppServers, String path) {
    long memory =
        set.memory() == null
            ? Math.max(256L << 20, Math.min(4L << 30, hostMemoryBytes / 4))
            : set.memory().bytes();
    int needed =
        maxAppServers * (hikariPoolSize + EXTRA_CONNECTIONS_PER_APP) + RESERVED_CONNECTIONS;
    int maxConnections = or(set.maxConnections(), Math.max(50, needed));
    if (maxConnections < needed) {
      throw new ConfigException(
          path
              + ".postgres.maxConnections: must be ≥ "
              + needed
              + " ("
              + maxAppServers
              + " app servers × (hikariPoolSize "
              + hikariPoolSize
              + " + "
              + EXTRA_CONNECTIONS_PER_APP
              + ") + "
              + RESERVED_CONNECTIONS
              + " reserved)");
    }
    long workMem =
        set.workMem() == null
            ? Math.max(4, (memory >> 20) / 4 / maxConnections)
            : set.workMem().resolveMegabytes(memory);
    return new TierTuning.Postgres(
        memory >> 20,
        share(set.sharedBuffers(), 25, memory),
        share(set.effectiveCacheSize(), 65, memory),
        maxConnections,
        or(set.synchronousCommit(), TuningSpec.SynchronousCommit.ON),
        workMem,
        set.settings() == null ? Map.of() : set.settings());
  }

  /**
   * App servers at the busiest point of the elasticity schedule: PostgreSQL must admit them all.
   */
  static int maxAppServers(AnemometerConfig config, int appInstanceIndex) {
    int max = config.appInstances().get(appInstanceIndex).tiers().app().instances();
    for (ElasticitySpec.Step step : config.elasticity().schedule()) {
      if (step.tier() == TierName.APP && step.appInstanceIndex() == appInstanceIndex) {
        max = Math.max(max, step.instances());
      }
    }
    return max;
  }

  /** A proxy timeout that outlasts the long poll, so a parked request is never cut by a proxy. */
  private static Duration outlast(Duration longPoll) {
    Duration margin = longPoll.plusSeconds(10);
    return margin.compareTo(Duration.ofSeconds(40)) < 0 ? Duration.ofSeconds(40) : margin;
  }

  private static long share(Size size, int defaultPercent, long memoryBytes) {
    Size effective = size == null ? Size.ofPercent(defaultPercent) : size;
    return effective.resolveMegabytes(memoryBytes);
  }

  private static int ceilDiv(int a, int b) {
    return (a + Math.max(1, b) - 1) / Math.max(1, b);
  }

  private static <T> T or(T value, T fallback) {
    return value == null ? fallback : value;
  }
}
