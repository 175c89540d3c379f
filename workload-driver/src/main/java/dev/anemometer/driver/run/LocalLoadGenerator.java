package dev.anemometer.driver.run;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.UserPopulation;
import dev.anemometer.driver.http.HttpClient;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.DriverMonitor;
import dev.anemometer.driver.stats.HdrOperationRecorder;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/** The users of this process: one population and one recorder per target, one HTTP client. */
public final class LocalLoadGenerator implements LoadGenerator {

  private final Supplier<HttpClient> clientFactory;
  private final PopulationFactory populations;
  private final Function<HttpClient, HealthSource> healthFactory;
  private final TimeSource time;
  private final Map<String, Target> targets = new LinkedHashMap<>();
  // Outlives close(): the bids are read once the users have stopped.
  private final Map<String, AcknowledgedBids> acknowledgedBids = new LinkedHashMap<>();
  private HttpClient client;
  private HealthSource health;

  private record Target(UserPopulation population, HdrOperationRecorder recorder) {}

  /**
   * @param healthFactory the self-monitoring of this node, given the client so that it can watch
   *     the client's event loops
   */
  public LocalLoadGenerator(
      Supplier<HttpClient> clientFactory,
      PopulationFactory populations,
      Function<HttpClient, HealthSource> healthFactory,
      TimeSource time) {
    this.clientFactory = clientFactory;
    this.populations = populations;
    this.healthFactory = healthFactory;
    this.time = time;
  }

  /** Production wiring: simulated users and self-monitoring of the process and the client. */
  public static LocalLoadGenerator production(Supplier<HttpClient> clientFactory) {
    return new LocalLoadGenerator(
        clientFactory,
        PopulationFactory.SIMULATED_USERS,
        DriverMonitor::watching,
        TimeSource.SYSTEM);
  }

  @Override
  public synchronized void start(List<TargetSpec> specs) {
    if (client != null) {
      throw new IllegalStateException("already started");
    }
    client = clientFactory.get();
    health = healthFactory.apply(client);
    for (TargetSpec spec : specs) {
      HdrOperationRecorder recorder = new HdrOperationRecorder(time);
      AcknowledgedBids bids = new AcknowledgedBids();
      UserPopulation population = populations.create(spec.users(), client, recorder, bids, time);
      targets.put(spec.id(), new Target(population, recorder));
      acknowledgedBids.put(spec.id(), bids);
    }
  }

  @Override
  public synchronized void setActiveUsers(String targetId, int users) {
    target(targetId).population().setActiveUsers(users);
  }

  public synchronized int activeUsers(String targetId) {
    return target(targetId).population().activeUsers();
  }

  @Override
  public synchronized Map<String, IntervalStats> takeIntervals() {
    DriverHealth nodeHealth = health == null ? DriverHealth.NONE : health.takeInterval();
    Map<String, IntervalStats> intervals = new LinkedHashMap<>();
    targets.forEach(
        (id, target) -> {
          IntervalStats stats = target.recorder().takeInterval();
          intervals.put(id, stats.withHealth(stats.health().worst(nodeHealth)));
        });
    return intervals;
  }

  @Override
  public synchronized Map<String, AcknowledgedBids> acknowledgedBids() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(acknowledgedBids));
  }

  @Override
  public synchronized void close() {
    targets.values().forEach(target -> target.population().close());
    targets.clear();
    if (health != null) {
      health.close();
    }
    if (client != null) {
      client.close();
    }
  }

  private Target target(String targetId) {
    Target target = targets.get(targetId);
    if (target == null) {
      throw new IllegalArgumentException("unknown target '" + targetId + "'");
    }
    return target;
  }
}
