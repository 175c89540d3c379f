package dev.anemometer.driver.control;

import dev.anemometer.driver.TimeSource;
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
  private LocalLoadGenerator generator;
  private final Map<String, Integer> users = new LinkedHashMap<>();
  // The stopped run's bids, kept until the next run so that the controller can fetch them.
  private Map<String, AcknowledgedBids> stoppedRunBids = Map.of();
  // Operations handed to the controller per target and operation, logged with the acknowledged
  // bids when the run stops: what the controller's merged counts must add up to.
  private final Map<String, Map<String, Long>> handedOver = new TreeMap<>();
  private long lastContactNanos;

  public WorkerNode(Supplier<LocalLoadGenerator> generators) {
    this(generators, TimeSource.SYSTEM, DEFAULT_LEASE);
  }

  public WorkerNode(
      Supplier<LocalLoadGenerator> generators, TimeSource time, Duration leaseTimeout) {
    this.generators = generators;
    this.time = time;
    this.leaseNanos = leaseTimeout.toNanos();
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
                configure(ControlServer.JSON.readValue(body, WireFormat.ConfigureRequest.class)))
        .route(
            "PUT",
            "/v1/targets/([^/]+)/users",
            (groups, body) ->
                setUsers(
                    groups.get(0),
                    ControlServer.JSON.readValue(body, WireFormat.UsersRequest.class).users()))
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
    if (request.targets() == null || request.targets().isEmpty()) {
      throw new IllegalArgumentException("targets: must list at least one target");
    }
    List<TargetSpec> targets = new ArrayList<>();
    for (WireFormat.WorkerTarget target : request.targets()) {
      if (target.users() == null || target.users().target() == null) {
        throw new IllegalArgumentException("targets[" + target.id() + "].users.target: missing");
      }
      // Workers follow the controller's user counts; their load path is never consulted.
      targets.add(new TargetSpec(target.id(), target.users(), null));
      users.put(target.id(), 0);
    }
    stoppedRunBids = Map.of();
    handedOver.clear();
    generator = generators.get();
    generator.start(targets);
    lastContactNanos = time.nanoTime();
    return status();
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
    if (count < 0) {
      throw new IllegalArgumentException("users: must be >= 0, was " + count);
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
