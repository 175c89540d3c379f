package dev.anemometer.driver.loadpath;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.anemometer.driver.syntax.ConfigDefault;
import java.time.Duration;
import java.util.List;

/**
 * Time-varying load: the segments one after the other, the whole list {@code repeat} times. Every
 * segment (of every repetition) is judged as its own window, so the report has per-segment metrics.
 */
// Where a file holds only an interval path, its type is a plain key that bound() checks.
@JsonTypeInfo(use = JsonTypeInfo.Id.NONE)
public record IntervalLoadPathSpec(
    @JsonPropertyDescription("required by `strategy: interval`, see below")
        List<SegmentSpec> segments,
    @ConfigDefault("`1`")
        @JsonPropertyDescription(
            "how many times the segments run, one after the other (≥ 1); every "
                + "segment of every round is its own judged window")
        int repeat)
    implements LoadPathSpec {

  public IntervalLoadPathSpec {
    if (segments == null || segments.isEmpty()) {
      throw new IllegalArgumentException("segments: must list at least one segment");
    }
    if (repeat < 1) {
      throw new IllegalArgumentException("repeat: must be >= 1, was " + repeat);
    }
    segments = List.copyOf(segments);
  }

  /**
   * As a file writes it: {@code repeat} once when absent. Where a file holds only an interval path
   * (the harness's {@code appInstances[i].loadPath}), its {@code type} may still be written, and
   * must then say {@code interval}.
   */
  @JsonCreator
  static IntervalLoadPathSpec bound(
      @JsonProperty("type") String type,
      @JsonProperty("segments") List<SegmentSpec> segments,
      @JsonProperty("repeat") Integer repeat) {
    if (type != null && !type.equals("interval")) {
      throw new IllegalArgumentException("type: '" + type + "' is not one of: interval");
    }
    return new IntervalLoadPathSpec(segments, repeat == null ? 1 : repeat);
  }

  @Override
  public int mostUsers() {
    return segments.stream().mapToInt(SegmentSpec::peakUsers).max().orElse(0);
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
