package dev.anemometer.harness.calibration;

import dev.anemometer.driver.spec.DurationSyntax;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A load sweep for measuring the mix: at each load, a ramp from the previous one, a settle period
 * (the new users' sessions start and join their auctions) and a hold that alone is measured.
 *
 * @param loads the user counts, in the order they are run
 * @param rampUp each ramp's length
 * @param settle unmeasured time at each load before the hold
 * @param hold the measured time at each load
 */
public record CalibrationPlan(
    List<Integer> loads, Duration rampUp, Duration settle, Duration hold) {

  /** Segments per load: ramp, settle, hold. */
  static final int SEGMENTS_PER_LOAD = 3;

  public CalibrationPlan {
    loads = List.copyOf(loads);
  }

  /** The interval load path of every app instance, as {@code --set} assignments. */
  public List<String> assignments(int appInstances) {
    List<String> segments = new ArrayList<>();
    int previous = Math.max(1, loads.get(0) / 10);
    for (int users : loads) {
      segments.add(
          "{type: ramp, from: %d, to: %d, duration: %s}"
              .formatted(previous, users, DurationSyntax.format(rampUp)));
      segments.add(
          "{type: uniform, users: %d, duration: %s}"
              .formatted(users, DurationSyntax.format(settle)));
      segments.add(
          "{type: uniform, users: %d, duration: %s}".formatted(users, DurationSyntax.format(hold)));
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
    return rampUp.plus(settle).plus(hold).multipliedBy(loads.size());
  }
}
