package dev.anemometer.harness.calibration;

import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A load sweep for measuring the mix: at each load, a ramp from the previous one, a settle period
 * (the new users' sessions start and join their auctions) and a hold that alone is measured.
 *
 * <p>A ramp brings its new users in over a session's length in proportion to the rise (at least
 * {@code rampUp}), so that logins arrive no faster than the steady state at the new load has them.
 * Every new user starts with a login, the costliest operation: 1,500 users brought in over 30 s
 * were 50 logins a second, the steady rate of some 5,000 users, and a stack whose peak is 4,200
 * users collapsed at 2,000 and stayed collapsed (failed users start over with a login).
 *
 * <p>The first ramp meets servers whose compilers have not run yet, and brings its users in {@value
 * #COLD_RAMP_FACTOR} times as slowly: 1,500 users over 95 s on a stack whose findMax peaks were
 * 3,010-3,399 users that day exhausted both app servers' database pools for 20 s right after the
 * ramp, and the 3,424 sessions that failed operations started over in the hold put its logins at
 * 1.079 times their share.
 *
 * @param loads the user counts, in the order they are run
 * @param rampUp the shortest ramp
 * @param settle unmeasured time at each load before the hold
 * @param holds the measured time at each load, one per load
 */
public record CalibrationPlan(
    List<Integer> loads, Duration rampUp, Duration settle, List<Duration> holds) {

  /** Segments per load: ramp, settle, hold. */
  static final int SEGMENTS_PER_LOAD = 3;

  /** A session of the default behaviour: about 20.6 paced operations of 5 s. */
  static final Duration SESSION = Duration.ofSeconds(105);

  /** The first ramp, onto a cold stack, lasts this many times as long as a later one would. */
  static final int COLD_RAMP_FACTOR = 3;

  public CalibrationPlan {
    loads = List.copyOf(loads);
    holds = List.copyOf(holds);
    if (holds.size() != loads.size()) {
      throw new IllegalArgumentException(
          holds.size() + " hold times for " + loads.size() + " loads: give one per load");
    }
  }

  /** The same hold at every load. */
  public CalibrationPlan(List<Integer> loads, Duration rampUp, Duration settle, Duration hold) {
    this(loads, rampUp, settle, Collections.nCopies(loads.size(), hold));
  }

  /** The interval load path of every app instance, as {@code --set} assignments. */
  public List<String> assignments(int appInstances) {
    List<String> segments = new ArrayList<>();
    int previous = firstFrom();
    for (int load = 0; load < loads.size(); load++) {
      int users = loads.get(load);
      segments.add(
          "{type: ramp, from: %d, to: %d, duration: %s}"
              .formatted(previous, users, DurationSyntax.format(rampTo(load, previous))));
      segments.add(
          "{type: uniform, users: %d, duration: %s}"
              .formatted(users, DurationSyntax.format(settle)));
      segments.add(
          "{type: uniform, users: %d, duration: %s}"
              .formatted(users, DurationSyntax.format(holds.get(load))));
      previous = users;
    }
    List<String> assignments = new ArrayList<>();
    assignments.add("strategy=interval");
    String path = "{type: interval, segments: [" + String.join(", ", segments) + "]}";
    for (int i = 0; i < appInstances; i++) {
      assignments.add("appInstances[" + i + "].loadPath=" + path);
    }
    return assignments;
  }

  /** The judged window (segment index) of the hold at load {@code loadIndex}. */
  public int holdWindow(int loadIndex) {
    return loadIndex * SEGMENTS_PER_LOAD + SEGMENTS_PER_LOAD - 1;
  }

  public Duration length() {
    Duration length = settle.multipliedBy(loads.size());
    for (Duration hold : holds) {
      length = length.plus(hold);
    }
    int previous = firstFrom();
    for (int load = 0; load < loads.size(); load++) {
      length = length.plus(rampTo(load, previous));
      previous = loads.get(load);
    }
    return length;
  }

  /** The ramp to the load of index {@code load} from {@code from} users; the first, from cold. */
  Duration rampTo(int load, int from) {
    Duration ramp = ramp(from, loads.get(load));
    return load == 0 ? ramp.multipliedBy(COLD_RAMP_FACTOR) : ramp;
  }

  /** The ramp from {@code from} to {@code to} users: a session's length times the rise's share. */
  Duration ramp(int from, int to) {
    if (to <= from) {
      return rampUp;
    }
    long seconds = (SESSION.toSeconds() * (to - from) + to - 1) / to;
    return Duration.ofSeconds(Math.max(rampUp.toSeconds(), seconds));
  }

  private int firstFrom() {
    return Math.max(1, loads.get(0) / 10);
  }
}
