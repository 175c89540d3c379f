package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;

/**
 * One segment of an interval load path. Which fields apply depends on {@code type}: uniform {users,
 * duration}; ramp {from, to, duration, step}; sine {min, max, period, duration}; spike {base, peak,
 * at, duration, total}.
 *
 * @param step time between two ramp steps (the ramp is a staircase); a smooth ramp when absent
 * @param at when the spike starts, from the start of the segment
 * @param duration how long the segment lasts (for a spike: how long the peak lasts)
 * @param total length of a spike segment
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SegmentSpec(
    SegmentType type,
    Integer users,
    Integer from,
    Integer to,
    Duration duration,
    Duration step,
    Integer min,
    Integer max,
    Duration period,
    Integer base,
    Integer peak,
    Duration at,
    Duration total) {

  int peakUsers() {
    if (type == null) {
      return 0;
    }
    return switch (type) {
      case UNIFORM -> orZero(users);
      case RAMP -> Math.max(orZero(from), orZero(to));
      case SINE -> orZero(max);
      case SPIKE -> Math.max(orZero(base), orZero(peak));
    };
  }

  /** How long the segment runs. */
  public Duration length() {
    return type == SegmentType.SPIKE && total != null ? total : duration;
  }

  private static int orZero(Integer value) {
    return value == null ? 0 : value;
  }
}
