package dev.anemometer.driver.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.anemometer.driver.loadpath.SegmentSpec;
import java.time.Duration;

/**
 * One segment of an interval load path as a configuration file writes it, before it is checked:
 * which fields apply depends on {@code type}: uniform {users, duration}; ramp {from, to, duration,
 * step}; sine {min, max, period, duration}; spike {base, peak, at, duration, total}. The harness's
 * configuration binds it as is; {@link #toSpec()} makes the driver's {@link SegmentSpec} of it.
 *
 * @param step time between two ramp steps (the ramp is a staircase); a smooth ramp when absent
 * @param at when the spike starts, from the start of the segment
 * @param duration how long the segment lasts (for a spike: how long the peak lasts)
 * @param total length of a spike segment
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Segment(
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

  /** The most users the segment asks for; 0 while it has no type. */
  public int peakUsers() {
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

  /**
   * The driver's segment, for a segment whose fields were checked.
   *
   * @throws IllegalArgumentException or NullPointerException when a field its type needs is missing
   */
  public SegmentSpec toSpec() {
    return switch (type) {
      case UNIFORM -> new SegmentSpec.Uniform(users, duration);
      case RAMP -> new SegmentSpec.Ramp(from, to, duration, step);
      case SINE -> new SegmentSpec.Sine(min, max, period, duration);
      case SPIKE -> new SegmentSpec.Spike(base, peak, at, duration, total);
    };
  }

  private static int orZero(Integer value) {
    return value == null ? 0 : value;
  }
}
