package dev.anemometer.driver.control;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.Behavior;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.IntervalStats;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker: runs the users of its slice of each target as the controller says, and hands over what
 * it measured as encoded histograms. It keeps no load path of its own.
 *
 * <p>A run holds a lease: when the controller has not collected stats for {@code leaseTimeout} (it
 * crashed, or the network split), the worker stops its users rather than loading the system under
 * test forever.
 */
public final class WorkerNode implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WorkerNode.class);
  public static final Duration DEFAULT_LEASE = Duration.ofSeconds(60);

  private final Supplier<LocalLoadGenerator> generators;
  private final TimeSource time;
  private final long leaseNanos;
  private final WorkerLimits limits;
  private LocalLoadGenerator generator;
  private final Map<String, Integer> users = new LinkedHashMap<>();
  // The stopped run's bids, kept until the next run so that the controller can fetch them.
  private Map<String, AcknowledgedBids> stoppedRunBids = Map.of();
  // Operations handed to the controller per target and operation, logged with the acknowledged
  // bids when the run stops: what the controller's merged counts must add up to.
  private final Map<String, Map<String, Long>> handedOver = new TreeMap<>();
  private long lastContactNanos;

  public WorkerNode(Supplier<LocalLoadGenerator> generators) {
    this(generators, TimeSource.SYSTEM, DEFAULT_LEASE, WorkerLimits.LOOPBACK);
  }

  public WorkerNode(
      Supplier<LocalLoadGenerator> generators,
      TimeSource time,
      Duration leaseTimeout,
      WorkerLimits limits) {
    this.generators = generators;
    this.time = time;
    this.leaseNanos = leaseTimeout.toNanos();
    this.limits = limits;
  }

  /**
   * Stops the run when its lease expired; called periodically (see {@link #watchLease}).
   *
   * @return true when it stopped a run
   */
  public synchronized boolean checkLease() {
    if (generator == null || time.nanoTime() - lastContactNanos <= leaseNanos) {
      return false;
    }
    log.warn(
        "No word from the controller for {} s: stopping the users", leaseNanos / 1_000_000_000);
    stop();
    return true;
  }

  /** Checks the lease every few seconds on {@code scheduler}. */
  public void watchLease(ScheduledExecutorService scheduler) {
    scheduler.scheduleWithFixedDelay(this::checkLease, 5, 5, TimeUnit.SECONDS);
  }

  /** Registers the worker's routes on {@code server}. */
  public ControlServer serveOn(ControlServer server) {
    return server
        .route("GET", "/v1/status", (groups, body) -> status())
        .route(
            "POST",
            "/v1/run",
            (groups, body) ->
                configure(ControlServer.read(body, WireFormat.ConfigureRequest.class)))
        .route(
            "PUT",
            "/v1/targets/([^/]+)/users",
            (groups, body) ->
                setUsers(
                    groups.get(0), ControlServer.read(body, WireFormat.UsersRequest.class).users()))
        .route("POST", "/v1/start", (groups, body) -> start())
        .route("POST", "/v1/intervals", (groups, body) -> takeIntervals())
        .route("POST", "/v1/stop", (groups, body) -> stop())
        .route("GET", "/v1/acknowledged-bids", (groups, body) -> acknowledgedBids());
  }

  synchronized WireFormat.StatusResponse status() {
    return new WireFormat.StatusResponse("worker", generator != null, Map.copyOf(users));
  }

  synchronized WireFormat.StatusResponse configure(WireFormat.ConfigureRequest request) {
    if (generator != null) {
      throw new IllegalStateException("a run is configured already; stop it first");
    }
    List<TargetSpec> targets = checkedTargets(request);
    stoppedRunBids = Map.of();
    handedOver.clear();
    LocalLoadGenerator started = generators.get();
    try {
      started.start(targets);
    } catch (RuntimeException e) {
      // A start that failed holds no run: the next configure may try again at once.
      started.close();
      throw e;
    }
    generator = started;
    targets.forEach(target -> users.put(target.id(), 0));
    lastContactNanos = time.nanoTime();
    return status();
  }

  /** The request's targets within this worker's limits, behaviours sent as content registered. */
  private List<TargetSpec> checkedTargets(WireFormat.ConfigureRequest request) {
    if (request == null || request.targets() == null || request.targets().isEmpty()) {
      throw new IllegalArgumentException("targets: must list at least one target");
    }
    List<TargetSpec> targets = new ArrayList<>();
    int usersSoFar = 0;
    for (int i = 0; i < request.targets().size(); i++) {
      WireFormat.WorkerTarget target = request.targets().get(i);
      String field = "targets[" + i + "]";
      if (target == null || target.users() == null) {
        throw new IllegalArgumentException(field + ".users: missing");
      }
      UsersConfig given = target.users();
      limits.checkTarget(field + ".users.target", given.target());
      limits.checkUsers(field + ".users", given, usersSoFar);
      usersSoFar += given.sliceUsers();
      if (targets.stream().anyMatch(known -> known.id().equals(target.id()))) {
        throw new IllegalArgumentException(field + ".id: '" + target.id() + "' is listed twice");
      }
      // Workers follow the controller's user counts; their load path is never consulted.
      targets.add(new TargetSpec(target.id(), withBehavior(field, target), null));
    }
    return targets;
  }

  private static UsersConfig withBehavior(String field, WireFormat.WorkerTarget target) {
    UsersConfig users = target.users();
    String behavior;
    if (target.behaviorYaml() != null) {
      behavior = Behavior.sent(field + ".behaviorYaml", target.behaviorYaml());
    } else if (Behavior.isBundled(users.behavior())) {
      behavior = users.behavior();
    } else {
      throw new IllegalArgumentException(
          field
              + ".users.behavior: not a bundled behaviour; a worker reads no files, send the"
              + " content as behaviorYaml");
    }
    return new UsersConfig(
        users.target(),
        behavior,
        users.firstAccount(),
        users.accounts(),
        users.maxConnectionsPerUser(),
        users.seed(),
        users.slices(),
        users.slice());
  }

  /**
   * Marks the start of measurement: whatever was recorded while the users were being created is
   * discarded, so that every worker's first interval begins together with the controller's.
   */
  synchronized WireFormat.StatusResponse start() {
    requireRunning().takeIntervals();
    lastContactNanos = time.nanoTime();
    return status();
  }

  synchronized WireFormat.StatusResponse setUsers(String targetId, int count) {
    if (count < 0 || count > limits.maxUsers()) {
      throw new IllegalArgumentException(
          "users: must be ≥ 0 and ≤ " + limits.maxUsers() + " (--max-users), was " + count);
    }
    requireRunning().setActiveUsers(targetId, count);
    users.put(targetId, count);
    return status();
  }

  synchronized WireFormat.IntervalsResponse takeIntervals() {
    lastContactNanos = time.nanoTime();
    Map<String, WireFormat.EncodedInterval> encoded = new LinkedHashMap<>();
    for (Map.Entry<String, IntervalStats> entry : requireRunning().takeIntervals().entrySet()) {
      encoded.put(entry.getKey(), WireFormat.encode(entry.getValue()));
      Map<String, Long> counts = handedOver.computeIfAbsent(entry.getKey(), id -> new TreeMap<>());
      entry
          .getValue()
          .operations()
          .forEach((type, stats) -> counts.merge(type.displayName(), stats.total(), Long::sum));
    }
    return new WireFormat.IntervalsResponse(encoded);
  }

  synchronized WireFormat.StatusResponse stop() {
    if (generator != null) {
      generator.close();
      stoppedRunBids = generator.acknowledgedBids();
      generator = null;
      users.clear();
      Map<String, Integer> bidCounts = new TreeMap<>();
      stoppedRunBids.forEach((id, bids) -> bidCounts.put(id, bids.size()));
      log.info(
          "Run stopped; handed over: {}",
          ControlServer.JSON.writeValueAsString(
              Map.of("operations", handedOver, "acknowledgedBids", bidCounts)));
    }
    return status();
  }

  /** Per target; a run still going answers the bids so far. */
  synchronized WireFormat.AcknowledgedBidsResponse acknowledgedBids() {
    Map<String, AcknowledgedBids> bids =
        generator != null ? generator.acknowledgedBids() : stoppedRunBids;
    Map<String, WireFormat.EncodedBids> encoded = new LinkedHashMap<>();
    bids.forEach((id, targetBids) -> encoded.put(id, BidsWireCodec.encode(targetBids)));
    return new WireFormat.AcknowledgedBidsResponse(encoded);
  }

  @Override
  public void close() {
    stop();
  }

  private LocalLoadGenerator requireRunning() {
    if (generator == null) {
      throw new IllegalStateException("no run configured");
    }
    return generator;
  }
}
