package dev.anemometer.driver.loadpath;

import java.time.Duration;
import java.util.List;

/**
 * Time-varying load: the segments one after the other, the whole list {@code repeat} times. Every
 * segment (of every repetition) is judged as its own window, so the report has per-segment metrics.
 */
public record IntervalLoadPathSpec(List<SegmentSpec> segments, int repeat) implements LoadPathSpec {

  public IntervalLoadPathSpec {
    if (segments == null || segments.isEmpty()) {
      throw new IllegalArgumentException("segments: must list at least one segment");
    }
    if (repeat < 1) {
      throw new IllegalArgumentException("repeat: must be >= 1, was " + repeat);
    }
    segments = List.copyOf(segments);
  }

  public Duration totalDuration() {
    Duration once = Duration.ZERO;
    for (SegmentSpec segment : segments) {
      once = once.plus(segment.length());
    }
    return once.multipliedBy(repeat);
  }

  @Override
  public LoadPathInstance newInstance() {
    return new IntervalLoadPathInstance(this);
  }
}
