package dev.anemometer.driver.run;

import dev.anemometer.driver.host.MachineCpu;
import dev.anemometer.driver.loadpath.LoadPathInstance;
import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.loadpath.LoadPoint;
import dev.anemometer.driver.loadpath.ManualOverride;
import dev.anemometer.driver.loadpath.WindowVerdict;
import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.qos.QosJudge;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.stats.IntervalAccumulator;
import dev.anemometer.driver.stats.IntervalStats;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One target during a run: follows its load path, accumulates its stats into the live status
 * interval, the current judged window and the whole run, and judges windows as they close.
 */
final class TargetRun {

  private static final Logger log = LoggerFactory.getLogger(TargetRun.class);

  /** How long each watched cut of a ramp-down or a probe is. */
  static final long WATCH_MILLIS = 5_000;

  private final TargetSpec spec;
  private final LoadPathInstance path;
  private final QosJudge judge;
  private final ManualOverride override = new ManualOverride();
  private final List<WindowResult> windows = new ArrayList<>();
  // The machine's CPU counters, reported beside every window and never judged, and their reading
  // when the current window opened (null: the counters cannot be read here).
  private final Supplier<Optional<MachineCpu>> machine;
  private MachineCpu windowMachineStart;
  // The share of the machine's CPU busy in the window that closed last (NaN: not measured).
  private double windowBusyPercent = Double.NaN;
  private boolean warnedNoCounters;
  // findMax's initial steps: short, unwarmed windows that only pick where probing starts.
  private final Set<Integer> stepWindows = new HashSet<>();
  private IntervalAccumulator status;
  private IntervalAccumulator window;
  private final IntervalAccumulator whole;
  private IntervalAccumulator judged;
  private boolean windowJudgesMix = true;
  private int windowIndex = LoadPoint.NOT_JUDGED;
  private long windowStartMillis;
  private long statusStartMillis;
  private int users = -1;
  private boolean finalStatusSent;
  private LoadPoint point;
  private long segmentStartMillis;
  // What the status interval's stats ran under: by the time a status is due the path has already
  // moved on to the next moment (a warm-up's last interval would otherwise read QOS).
  private LoadPhase statusPhase;
  private int statusUsers = -1;
  private long statusSegmentStartMillis;
  // findMax's recoveries and probes are watched in short cuts, each judged on its response times
  // and failures, so that the path can tell when the stack has drained, or has collapsed.
  private IntervalAccumulator watch;
  private long watchStartMillis;
  private LoadPhase watchedPhase;
  private int watchedWindow = LoadPoint.NOT_JUDGED;

  TargetRun(TargetSpec spec, QosJudge judge, long startNanos) {
    this(spec, judge, startNanos, MachineCpu::now);
  }

  TargetRun(
      TargetSpec spec, QosJudge judge, long startNanos, Supplier<Optional<MachineCpu>> machine) {
    this.spec = spec;
    this.machine = machine;
    this.path = spec.loadPath().newInstance();
    this.judge = judge;
    this.status = new IntervalAccumulator(startNanos);
    this.whole = new IntervalAccumulator(startNanos);
    this.point = path.at(0);
  }

  String id() {
    return spec.id();
  }

  ManualOverride override() {
    return override;
  }

  boolean finished() {
    return point.finished();
  }

  int users() {
    return Math.max(0, users);
  }

  LoadPhase phase() {
    return point.phase();
  }

  /** Adds the stats measured since the previous tick, attributed to the window they ran in. */
  void add(IntervalStats stats) {
    statusPhase = point.phase();
    statusUsers = users();
    statusSegmentStartMillis = segmentStartMillis;
    status.add(stats);
    whole.add(stats);
    if (window != null) {
      window.add(stats);
    }
    if (watch != null) {
      watch.add(stats);
    }
  }

  /**
   * Moves the path to {@code elapsedMillis}, closing and opening windows, and returns the user
   * count to apply. Judged windows go to {@code closed}.
   */
  int advance(long elapsedMillis, long nowNanos, List<WindowResult> closed) {
    watch(elapsedMillis, nowNanos);
    LoadPoint previous = point;
    point = path.at(elapsedMillis);
    if (point.windowIndex() != windowIndex) {
      if (windowIndex != LoadPoint.NOT_JUDGED) {
        WindowResult result = closeWindow(elapsedMillis);
        closed.add(result);
        path.windowJudged(
            windowIndex, steering(result.verdict()), result.verdict().worstLimitShare());
        point = path.at(elapsedMillis);
      }
      windowIndex = point.windowIndex();
      window = point.judged() ? new IntervalAccumulator(nowNanos) : null;
      windowJudgesMix = point.phase() != LoadPhase.STEP;
      windowStartMillis = elapsedMillis;
      windowMachineStart = point.judged() ? machineNow() : null;
    }
    // findMax's steps follow each other in one phase: a new window alone starts a new segment.
    if (point.phase() != previous.phase() || point.windowIndex() != previous.windowIndex()) {
      segmentStartMillis = elapsedMillis;
    }
    users = override.apply(point);
    return users;
  }

  /**
   * Watches findMax's recoveries (has the stack drained?) and its probes' judged windows (has the
   * stack collapsed?) in cuts of {@link #WATCH_MILLIS}, each judged on its response times and
   * failures.
   */
  private void watch(long elapsedMillis, long nowNanos) {
    boolean rampDown = point.phase() == LoadPhase.RAMP_DOWN && path.watchesRampDown();
    boolean probe = point.phase() == LoadPhase.QOS && path.watchesWindows();
    if (!rampDown && !probe) {
      watch = null;
      return;
    }
    if (watch == null || watchedPhase != point.phase() || watchedWindow != point.windowIndex()) {
      startWatch(elapsedMillis, nowNanos);
    } else if (elapsedMillis - watchStartMillis >= WATCH_MILLIS) {
      QosVerdict verdict = judge.judgeWithoutMix(watch.snapshot());
      if (rampDown) {
        path.loadObserved(watchStartMillis, elapsedMillis, verdict.passed());
      } else {
        boolean clearlyBeyond =
            !verdict.passed() && verdict.worstLimitShare() > QosVerdict.CLEARLY_BEYOND;
        path.windowObserved(point.windowIndex(), watchStartMillis, elapsedMillis, clearlyBeyond);
      }
      startWatch(elapsedMillis, nowNanos);
    }
  }

  private void startWatch(long elapsedMillis, long nowNanos) {
    watch = new IntervalAccumulator(nowNanos);
    watchStartMillis = elapsedMillis;
    watchedPhase = point.phase();
    watchedWindow = point.windowIndex();
  }

  private WindowResult closeWindow(long elapsedMillis) {
    int windowUsers = path.windowUsers(windowIndex, users());
    IntervalStats stats = window.snapshot();
    QosVerdict verdict = windowJudgesMix ? judge.judge(stats) : judge.judgeWithoutMix(stats);
    windowBusyPercent = machineBusyPercent();
    if (judged == null) {
      judged = new IntervalAccumulator(stats.startNanos());
    }
    judged.add(stats);
    WindowResult result =
        new WindowResult(
            spec.id(),
            windowIndex,
            windowStartMillis,
            elapsedMillis,
            windowUsers,
            stats,
            verdict,
            windowBusyPercent);
    windows.add(result);
    if (!windowJudgesMix) {
      stepWindows.add(windowIndex);
    }
    return result;
  }

  /** The share of the machine's CPU busy since the window opened; NaN when not measured. */
  private double machineBusyPercent() {
    MachineCpu end = machineNow();
    if (windowMachineStart == null || end == null) {
      return Double.NaN;
    }
    double idle = end.idlePercentSince(windowMachineStart);
    return Double.isNaN(idle) ? Double.NaN : 100 - idle;
  }

  private MachineCpu machineNow() {
    Optional<MachineCpu> now = machine.get();
    if (now.isEmpty() && !warnedNoCounters) {
      warnedNoCounters = true;
      log.info(
          "{}: the machine's CPU counters (/proc/stat) cannot be read here; windows are reported"
              + " without the machine's busy share",
          spec.id());
    }
    return now.orElse(null);
  }

  /**
   * What a window tells the load path: a window the driver invalidated decides nothing; one that
   * failed on the mix alone, far inside every response-time and failure limit, says nothing about
   * capacity (it is reported as a calibration defect instead).
   */
  static WindowVerdict steering(QosVerdict verdict) {
    if (!verdict.valid()) {
      return WindowVerdict.INVALID;
    }
    return verdict.passed() || verdict.calibrationDefect()
        ? WindowVerdict.PASSED
        : WindowVerdict.FAILED;
  }

  /** The live status since the previous call, when at least {@code intervalMillis} passed. */
  StatusReport takeStatusIfDue(long elapsedMillis, long nowNanos, long intervalMillis) {
    boolean due = elapsedMillis - statusStartMillis >= intervalMillis;
    boolean lastReport = point.finished() && !finalStatusSent;
    if (finalStatusSent || !(due || lastReport)) {
      return null;
    }
    finalStatusSent = point.finished();
    IntervalStats stats = status.snapshot();
    // A status covers seconds: too few operations for the mix, which windows judge as a whole.
    StatusReport report =
        new StatusReport(
            spec.id(),
            elapsedMillis,
            statusPhase == null ? users() : statusUsers,
            statusPhase == null ? point.phase() : statusPhase,
            statusPhase == null ? segmentStartMillis : statusSegmentStartMillis,
            stats,
            judge.judgeWithoutMix(stats));
    statusPhase = null;
    status = new IntervalAccumulator(nowNanos);
    statusStartMillis = elapsedMillis;
    return report;
  }

  TargetResult result(AcknowledgedBids acknowledgedBids) {
    IntervalStats wholeStats = whole.snapshot();
    Integer peak = path.peakUsers().isPresent() ? path.peakUsers().getAsInt() : null;
    // findMax: the per-operation table describes the probe the answer rests on, not every window
    // (overloaded probes included) merged.
    WindowResult peakWindow = peak == null ? null : peakWindow(peak);
    IntervalStats judgedOrWhole =
        peakWindow != null ? peakWindow.stats() : judged != null ? judged.snapshot() : wholeStats;
    // findMax runs an invalid window again and ends invalid on the second in a row; its answer
    // rests on valid probes only. Other paths are valid when every window is.
    boolean valid =
        peak != null ? !path.endedInvalid() : windows.stream().allMatch(w -> w.verdict().valid());
    boolean passed =
        peak != null
            ? peak > 0
            : !windows.isEmpty() && windows.stream().allMatch(w -> w.verdict().passed());
    return new TargetResult(
        spec.id(),
        windows,
        judgedOrWhole,
        wholeStats,
        judge.judge(judgedOrWhole),
        peak,
        path.bracket().orElse(null),
        passed,
        valid,
        acknowledgedBids);
  }

  /** The last probe (not a step) at the peak's user count whose capacity held. */
  private WindowResult peakWindow(int peak) {
    WindowResult found = null;
    for (WindowResult window : windows) {
      if (answerRestsOn(window) && window.users() == peak) {
        found = window;
      }
    }
    return found;
  }

  private boolean answerRestsOn(WindowResult window) {
    return steering(window.verdict()) == WindowVerdict.PASSED
        && !stepWindows.contains(window.index());
  }
}
