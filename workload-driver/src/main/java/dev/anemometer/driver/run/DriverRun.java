package dev.anemometer.driver.run;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.qos.QosJudge;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives a {@link RunSpec}: once per tick it collects stats, moves every target's load path,
 * applies the user counts, judges windows that closed and reports live status. {@link #run()} is
 * the blocking loop; {@link #begin()}, {@link #tick()} and {@link #finish()} are its steps, which
 * tests call on a fake clock.
 */
public final class DriverRun {

  private static final Logger log = LoggerFactory.getLogger(DriverRun.class);

  private final RunSpec spec;
  private final LoadGenerator generator;
  private final TimeSource time;
  private final LongConsumer waitNanos;
  private final List<RunListener> listeners = new CopyOnWriteArrayList<>();
  private final Map<String, TargetRun> targets = new LinkedHashMap<>();
  private volatile boolean stopRequested;
  private String error;
  private long startNanos;

  public DriverRun(RunSpec spec, LoadGenerator generator, TimeSource time) {
    this(spec, generator, time, LockSupport::parkNanos);
  }

  /** With the way {@link #run()} waits for the next tick; tests advance a fake clock there. */
  DriverRun(RunSpec spec, LoadGenerator generator, TimeSource time, LongConsumer waitNanos) {
    this.spec = spec;
    this.generator = generator;
    this.time = time;
    this.waitNanos = waitNanos;
  }

  public DriverRun addListener(RunListener listener) {
    listeners.add(listener);
    return this;
  }

  public RunSpec spec() {
    return spec;
  }

  /** Runs to the end of every load path (or {@link #stop()}), then returns the result. */
  public RunResult run() {
    try {
      begin();
      long tickNanos = spec.tick().toNanos();
      long nextTickNanos = startNanos + tickNanos;
      while (!stopRequested && !allFinished()) {
        long remainingNanos = nextTickNanos - time.nanoTime();
        if (remainingNanos > 0) {
          waitNanos.accept(remainingNanos);
          continue;
        }
        tick();
        // After a slow tick, resume the rhythm instead of firing the missed ticks back to back.
        nextTickNanos = Math.max(nextTickNanos + tickNanos, time.nanoTime());
      }
    } catch (RuntimeException e) {
      log.debug("Run {} broke off", spec.name(), e);
      error = e.getMessage() == null ? e.toString() : e.getMessage();
    }
    return finish();
  }

  /** Asks {@link #run()} to end after the current tick; what was measured is kept. */
  public void stop() {
    stopRequested = true;
  }

  /** Sets a target's users by hand, replacing its load path's count until cleared. */
  public void overrideUsers(String targetId, int users) {
    target(targetId).override().set(users);
  }

  public void clearOverride(String targetId) {
    target(targetId).override().clear();
  }

  /** Users per target as last applied. */
  public synchronized Map<String, Integer> activeUsers() {
    Map<String, Integer> users = new LinkedHashMap<>();
    targets.forEach((id, target) -> users.put(id, target.users()));
    return users;
  }

  public synchronized void begin() {
    startNanos = time.nanoTime();
    generator.start(spec.targets());
    QosJudge judge = new QosJudge(spec.qos(), spec.thresholds());
    for (TargetSpec target : spec.targets()) {
      targets.put(target.id(), new TargetRun(target, judge, startNanos));
    }
    listeners.forEach(listener -> listener.onStart(spec));
    advanceAll(0, startNanos);
  }

  /** One step at the time source's now. */
  public synchronized void tick() {
    long nowNanos = time.nanoTime();
    long elapsedMillis = (nowNanos - startNanos) / 1_000_000;
    Map<String, IntervalStats> intervals = generator.takeIntervals();
    for (TargetRun target : targets.values()) {
      IntervalStats stats = intervals.get(target.id());
      if (stats != null) {
        target.add(stats);
      }
    }
    advanceAll(elapsedMillis, nowNanos);
    long statusMillis = spec.statusInterval().toMillis();
    for (TargetRun target : targets.values()) {
      StatusReport report = target.takeStatusIfDue(elapsedMillis, nowNanos, statusMillis);
      if (report != null) {
        listeners.forEach(listener -> listener.onStatus(report));
      }
    }
  }

  public synchronized boolean allFinished() {
    return targets.values().stream().allMatch(TargetRun::finished);
  }

  /** Stops the users and returns the result. */
  public synchronized RunResult finish() {
    try {
      generator.close();
    } catch (RuntimeException e) {
      log.warn("Stopping the users failed: {}", e.getMessage());
      error = error != null ? error : e.getMessage();
    }
    Map<String, AcknowledgedBids> bids = acknowledgedBids();
    List<TargetResult> results = new ArrayList<>();
    targets
        .values()
        .forEach(
            target ->
                results.add(target.result(bids.getOrDefault(target.id(), new AcknowledgedBids()))));
    boolean passed = error == null && results.stream().allMatch(TargetResult::passed);
    boolean valid = results.stream().allMatch(TargetResult::valid);
    RunResult result = new RunResult(spec.name(), results, passed, valid, !allFinished(), error);
    listeners.forEach(listener -> listener.onFinish(result));
    return result;
  }

  /** After the users stopped; bids that cannot be collected (a worker gone) fail the run. */
  private Map<String, AcknowledgedBids> acknowledgedBids() {
    try {
      return generator.acknowledgedBids();
    } catch (RuntimeException e) {
      log.warn("Collecting the acknowledged bids failed: {}", e.getMessage());
      error = error != null ? error : "acknowledged bids: " + e.getMessage();
      return Map.of();
    }
  }

  private void advanceAll(long elapsedMillis, long nowNanos) {
    for (TargetRun target : targets.values()) {
      int before = target.users();
      boolean wasFinished = target.finished();
      List<WindowResult> closed = new ArrayList<>();
      int users = target.advance(elapsedMillis, nowNanos, closed);
      closed.forEach(window -> listeners.forEach(listener -> listener.onWindow(window)));
      if (users != before || (target.finished() && !wasFinished) || elapsedMillis == 0) {
        applyUsers(target, elapsedMillis, users);
      }
    }
  }

  private void applyUsers(TargetRun target, long elapsedMillis, int users) {
    try {
      generator.setActiveUsers(target.id(), users);
    } catch (RuntimeException e) {
      // A worker that cannot be reached is an infrastructure failure of the whole run.
      throw new IllegalStateException(
          "could not set " + users + " users on target " + target.id() + ": " + e.getMessage(), e);
    }
    listeners.forEach(l -> l.onUsersChanged(target.id(), elapsedMillis, users, target.phase()));
  }

  private synchronized TargetRun target(String targetId) {
    TargetRun target = targets.get(targetId);
    if (target == null) {
      throw new IllegalArgumentException("unknown target '" + targetId + "'");
    }
    return target;
  }
}
