package dev.anemometer.harness.soak;

import java.util.List;

/**
 * The steady part of a load: its judged phase (the QoS periods of a fixed run, the segments of an
 * interval run), after ramp-up and warm-up and before ramp-down.
 */
final class SteadyLoad {

  static final String JUDGED_PHASE = "QOS";

  private SteadyLoad() {}

  /** The judged intervals of one target. */
  static List<LatencyLog.Interval> of(LatencyLog log) {
    return log.intervals().stream().filter(i -> JUDGED_PHASE.equals(i.phase())).toList();
  }

  /** From the first judged interval of any target to the last; null when none was judged. */
  static SoakSummary.Span span(List<LatencyLog> logs) {
    long from = Long.MAX_VALUE;
    long to = Long.MIN_VALUE;
    for (LatencyLog log : logs) {
      for (LatencyLog.Interval interval : of(log)) {
        from = Math.min(from, interval.fromMillis());
        to = Math.max(to, interval.toMillis());
      }
    }
    return from > to ? null : new SoakSummary.Span(from / 1000.0, to / 1000.0);
  }
}
