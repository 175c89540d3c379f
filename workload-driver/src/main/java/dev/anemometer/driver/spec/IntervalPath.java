package dev.anemometer.driver.spec;

import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import java.time.Duration;
import java.util.List;

/**
 * Users over time for the {@code interval} strategy as a configuration file writes them (SPEC
 * §3.4); {@link #toSpec()} makes the driver's {@link IntervalLoadPathSpec} of it, run once.
 *
 * @param type {@code interval}, the only load path written as segments
 * @param repeat whether the segments start again when they run out (default false)
 */
public record IntervalPath(String type, List<Segment> segments, Boolean repeat) {

  public IntervalPath {
    segments = segments == null ? List.of() : List.copyOf(segments);
  }

  /** The most users any segment asks for. */
  public int peakUsers() {
    return segments.stream().mapToInt(Segment::peakUsers).max().orElse(0);
  }

  /** How long the segments run, one after the other. */
  public Duration length() {
    return segments.stream().map(Segment::length).reduce(Duration.ZERO, Duration::plus);
  }

  /** The driver's load path, for a path whose segments were checked. */
  public IntervalLoadPathSpec toSpec() {
    return new IntervalLoadPathSpec(segments.stream().map(Segment::toSpec).toList(), 1);
  }
}
