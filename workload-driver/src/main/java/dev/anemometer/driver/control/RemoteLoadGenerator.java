package dev.anemometer.driver.control;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.Behavior;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.run.LoadGenerator;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.IntervalStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The controller's view of N workers as one generator: every target's users and accounts are split
 * across the workers, and the workers' histograms are merged exactly before anything is judged.
 *
 * <p>A worker that failed a call (gone, or no answer within the client's timeout) is not asked
 * again: stopping the others and failing the bids collection take no further timeouts.
 */
public final class RemoteLoadGenerator implements LoadGenerator {

  private final List<WorkerClient> workers;
  private final TimeSource time;
  private final Map<String, int[]> sentUsers = new HashMap<>();
  private final List<String> targetIds = new ArrayList<>();
  private final Set<WorkerClient> failed = ConcurrentHashMap.newKeySet();
  private long lastTakeNanos;

  public RemoteLoadGenerator(List<WorkerClient> workers, TimeSource time) {
    if (workers.isEmpty()) {
      throw new IllegalArgumentException("--workers: at least one worker is needed");
    }
    this.workers = List.copyOf(workers);
    this.time = time;
  }

  @Override
  public void start(List<TargetSpec> targets) {
    for (int w = 0; w < workers.size(); w++) {
      List<WireFormat.WorkerTarget> slices = new ArrayList<>();
      for (TargetSpec target : targets) {
        slices.add(
            new WireFormat.WorkerTarget(
                target.id(), slice(target.users(), w), behaviorContent(target.users())));
      }
      WorkerClient worker = workers.get(w);
      on(worker, () -> worker.configure(new WireFormat.ConfigureRequest(slices)));
    }
    for (TargetSpec target : targets) {
      targetIds.add(target.id());
      sentUsers.put(target.id(), new int[workers.size()]);
    }
    workers.forEach(worker -> on(worker, worker::start));
    lastTakeNanos = time.nanoTime();
  }

  /**
   * Worker {@code w}'s share of the target's users: every n-th, from the w-th of the users the
   * config already gives this controller. User counts are split the same way (larger shares first),
   * so that the target's user k runs on worker k mod n, with its own account and choices: the run
   * is the one a single node would make.
   */
  UsersConfig slice(UsersConfig users, int w) {
    return new UsersConfig(
        users.target(),
        users.behavior(),
        users.firstAccount(),
        users.accounts(),
        users.maxConnectionsPerUser(),
        users.seed(),
        users.slices() * workers.size(),
        users.slice() + users.slices() * w);
  }

  /**
   * A behaviour file's content, read here: workers take behaviours by bundled name or as content,
   * never by a path on their own disk. Null for a bundled name.
   */
  static String behaviorContent(UsersConfig users) {
    if (Behavior.isBundled(users.behavior())) {
      return null;
    }
    try {
      return Files.readString(Path.of(users.behavior()));
    } catch (IOException | InvalidPathException e) {
      throw new IllegalArgumentException(
          "behavior: no bundled behaviour '"
              + users.behavior()
              + "' and the file cannot be read ("
              + e.getClass().getSimpleName()
              + ")");
    }
  }

  /** {@code total} split into {@code parts} that differ by at most one, larger ones first. */
  static int[] split(int total, int parts) {
    int[] shares = new int[parts];
    for (int i = 0; i < parts; i++) {
      shares[i] = total / parts + (i < total % parts ? 1 : 0);
    }
    return shares;
  }

  @Override
  public void setActiveUsers(String targetId, int users) {
    int[] sent = sentUsers.get(targetId);
    if (sent == null) {
      throw new IllegalArgumentException("unknown target '" + targetId + "'");
    }
    int[] shares = split(users, workers.size());
    for (int w = 0; w < workers.size(); w++) {
      if (shares[w] != sent[w]) {
        WorkerClient worker = workers.get(w);
        int share = shares[w];
        on(worker, () -> worker.setUsers(targetId, share));
        sent[w] = share;
      }
    }
  }

  @Override
  public Map<String, IntervalStats> takeIntervals() {
    List<CompletableFuture<WireFormat.IntervalsResponse>> replies = new ArrayList<>();
    workers.forEach(worker -> replies.add(worker.takeIntervals()));
    long startNanos = lastTakeNanos;
    long endNanos = time.nanoTime();
    lastTakeNanos = endNanos;
    Map<String, IntervalStats> merged = new LinkedHashMap<>();
    targetIds.forEach(id -> merged.put(id, IntervalStats.empty(startNanos, endNanos)));
    for (int w = 0; w < workers.size(); w++) {
      WireFormat.IntervalsResponse response = awaitFrom(workers.get(w), replies.get(w));
      response
          .targets()
          .forEach(
              (id, encoded) ->
                  merged.merge(
                      id, WireFormat.decode(encoded, startNanos, endNanos), IntervalStats::merge));
    }
    return merged;
  }

  /** Fetched from every worker after they stopped, each target's shares merged. */
  @Override
  public Map<String, AcknowledgedBids> acknowledgedBids() {
    Optional<WorkerClient> lost = failed.stream().findFirst();
    if (lost.isPresent()) {
      throw new ControlException(
          lost.get().name() + ": failed during the run; its acknowledged bids are lost", null);
    }
    List<CompletableFuture<WireFormat.AcknowledgedBidsResponse>> replies = new ArrayList<>();
    workers.forEach(worker -> replies.add(worker.acknowledgedBids()));
    Map<String, AcknowledgedBids> merged = new LinkedHashMap<>();
    targetIds.forEach(id -> merged.put(id, new AcknowledgedBids()));
    for (int w = 0; w < workers.size(); w++) {
      awaitFrom(workers.get(w), replies.get(w))
          .targets()
          .forEach(
              (id, encoded) ->
                  BidsWireCodec.decode(
                      encoded, merged.computeIfAbsent(id, unknown -> new AcknowledgedBids())));
    }
    return merged;
  }

  /** Runs a call to {@code worker}, remembering the worker when it fails. */
  private void on(WorkerClient worker, Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      failed.add(worker);
      throw e;
    }
  }

  private <T> T awaitFrom(WorkerClient worker, CompletableFuture<T> reply) {
    try {
      return WorkerClient.await(reply);
    } catch (RuntimeException e) {
      failed.add(worker);
      throw e;
    }
  }

  @Override
  public void close() {
    RuntimeException first = null;
    for (WorkerClient worker : workers) {
      if (failed.contains(worker)) {
        continue;
      }
      try {
        on(worker, worker::stop);
      } catch (RuntimeException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
