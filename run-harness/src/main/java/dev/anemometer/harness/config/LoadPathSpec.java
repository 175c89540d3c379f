package dev.anemometer.harness.config;

import dev.anemometer.driver.spec.Segment;
import java.util.List;

/**
 * Users over time for the {@code interval} strategy (SPEC §3.4).
 *
 * @param type {@code interval}, the only load path written as segments
 * @param repeat whether the segments start again when they run out (default false)
 */
public record LoadPathSpec(String type, List<Segment> segments, Boolean repeat) {

  public LoadPathSpec {
    segments = segments == null ? List.of() : List.copyOf(segments);
  }

  int peakUsers() {
    return segments.stream().mapToInt(Segment::peakUsers).max().orElse(0);
  }
}
