package dev.anemometer.driver.loadpath.simulation;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.LoadPathInstance;
import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.loadpath.LoadPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One findMax search, the real load path, run second by second against a {@link StackModel} on a
 * simulated clock. It plays the driver's part as the driver's target run does: it applies the
 * path's users, judges each window as it closes, and watches recoveries and probes in cuts of
 * {@value #WATCH_MILLIS} ms.
 */
final class SimulatedSearch {

  static final long TICK_MILLIS = 1_000;

  /** The driver's watch of a ramp-down or a probe, as long as its own. */
  static final long WATCH_MILLIS = 5_000;

  /** A search still running after this long counts as one that did not finish. */
  static final long MAX_MILLIS = 4 * 3_600_000L;

  /** The mean response time a stalled driver adds to every operation of a window it stalls in. */
  static final double STALL_SECONDS = 1;

  /** What the driver tells the path about a judged window. */
  @FunctionalInterface
  interface Steering {
    void judged(LoadPathInstance path, int windowIndex, ClosedWindow window);
  }

  /**
   * A judged window as the driver measured it.
   *
   * @param worstLimitShare the worst response-time or failure rule's value over its limit
   * @param invalid the driver stalled in it
   * @param step a step of the climb (judged without the mix)
   */
  record ClosedWindow(
      int users,
      double worstLimitShare,
      double busyPercent,
      double successesPerSecond,
      boolean invalid,
      boolean step) {}

  /**
   * How one search ended.
   *
   * @param answer the peak users found (0: none)
   * @param finished false when it ran past {@link #MAX_MILLIS}
   * @param invalid the search ended on two invalid windows in a row: no answer
   * @param trace its judged windows in order: kind (S step, P probe), users, seconds, verdict
   */
  record Outcome(
      int answer,
      double capacity,
      int windows,
      double minutes,
      boolean finished,
      boolean invalid,
      String trace) {

    double errorPercent() {
      return 100 * (answer - capacity) / capacity;
    }
  }

  private final LoadPathInstance path;
  private final StackModel stack;
  private final NoiseModel noise;
  private final Steering steering;
  private final SplittableRandom random;
  private LoadPoint point;
  private int windowIndex = LoadPoint.NOT_JUDGED;
  private List<StackModel.Tick> window;
  private boolean stalled;
  private boolean windowIsStep;
  private int windows;
  private List<StackModel.Tick> watch;
  private long watchStartMillis;
  private LoadPhase watchedPhase;
  private int watchedWindow = LoadPoint.NOT_JUDGED;
  private final StringBuilder trace = new StringBuilder();

  private SimulatedSearch(
      FindMaxLoadPathSpec spec,
      StackModel stack,
      NoiseModel noise,
      Steering steering,
      SplittableRandom random) {
    this.path = spec.newInstance();
    this.stack = stack;
    this.noise = noise;
    this.steering = steering;
    this.random = random;
  }

  static Outcome run(
      FindMaxLoadPathSpec spec,
      double capacityUsers,
      double saturationUsers,
      NoiseModel noise,
      Steering steering,
      SplittableRandom random) {
    StackModel stack = new StackModel(saturationUsers, noise, random);
    return new SimulatedSearch(spec, stack, noise, steering, random).run(capacityUsers);
  }

  private Outcome run(double capacityUsers) {
    point = path.at(0);
    long millis = 0;
    while (!point.finished() && millis < MAX_MILLIS) {
      StackModel.Tick tick = stack.tick(point.users(), millis / 1000.0);
      if (window != null) {
        window.add(tick);
      }
      if (watch != null) {
        watch.add(tick);
      }
      millis += TICK_MILLIS;
      advance(millis);
    }
    int answer = path.peakUsers().orElse(0);
    return new Outcome(
        answer,
        capacityUsers,
        windows,
        millis / 60_000.0,
        point.finished(),
        path.endedInvalid(),
        trace.toString().strip());
  }

  private void advance(long millis) {
    watch(millis);
    point = path.at(millis);
    if (point.windowIndex() == windowIndex) {
      return;
    }
    if (windowIndex != LoadPoint.NOT_JUDGED) {
      ClosedWindow closed = close();
      traceWindow(closed);
      steering.judged(path, windowIndex, closed);
      windows++;
      point = path.at(millis);
    }
    windowIndex = point.windowIndex();
    window = point.judged() ? new ArrayList<>() : null;
    stalled = point.judged() && random.nextDouble() < noise.stallChance();
    windowIsStep = point.phase() == LoadPhase.STEP;
  }

  private ClosedWindow close() {
    double extra = stalled ? STALL_SECONDS : 0;
    double successes =
        window.stream().mapToDouble(StackModel.Tick::successesPerSecond).average().orElse(0);
    int users = window.isEmpty() ? 0 : (int) Math.round(window.get(window.size() - 1).users());
    return new ClosedWindow(
        path.windowUsers(windowIndex, users),
        WindowLatency.worstLimitShare(window, extra),
        WindowLatency.busyPercent(window),
        successes,
        stalled,
        windowIsStep);
  }

  private void traceWindow(ClosedWindow closed) {
    String verdict = closed.invalid() ? "invalid" : closed.worstLimitShare() <= 1 ? "pass" : "fail";
    trace
        .append(closed.step() ? 'S' : 'P')
        .append(closed.users())
        .append('/')
        .append(window.size())
        .append("s:")
        .append(verdict)
        .append(' ');
  }

  private void watch(long millis) {
    boolean rampDown = point.phase() == LoadPhase.RAMP_DOWN && path.watchesRampDown();
    boolean probe = point.phase() == LoadPhase.QOS && path.watchesWindows();
    if (!rampDown && !probe) {
      watch = null;
      return;
    }
    if (watch == null || watchedPhase != point.phase() || watchedWindow != point.windowIndex()) {
      startWatch(millis);
      return;
    }
    if (millis - watchStartMillis < WATCH_MILLIS) {
      return;
    }
    double share = WindowLatency.worstLimitShare(watch, stalled && probe ? STALL_SECONDS : 0);
    if (rampDown) {
      path.loadObserved(watchStartMillis, millis, share <= 1);
    } else {
      path.windowObserved(point.windowIndex(), watchStartMillis, millis, share > 2);
    }
    startWatch(millis);
  }

  private void startWatch(long millis) {
    watch = new ArrayList<>();
    watchStartMillis = millis;
    watchedPhase = point.phase();
    watchedWindow = point.windowIndex();
  }
}
