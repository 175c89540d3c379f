package dev.anemometer.driver.loadpath;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;

/**
 * One segment of an interval load path (SPEC §3.4), as files write it and the driver runs it: its
 * {@code type} names the shape (uniform, ramp, sine, spike) and the shape's record its fields. The
 * driver's run file and the harness's configuration bind it as it is, with durations read by {@link
 * dev.anemometer.driver.syntax.DurationModule}; each record checks its own fields. Each segment is
 * judged as its own window.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = SegmentSpec.Uniform.class, name = "uniform"),
  @JsonSubTypes.Type(value = SegmentSpec.Ramp.class, name = "ramp"),
  @JsonSubTypes.Type(value = SegmentSpec.Sine.class, name = "sine"),
  @JsonSubTypes.Type(value = SegmentSpec.Spike.class, name = "spike")
})
public sealed interface SegmentSpec
    permits SegmentSpec.Uniform, SegmentSpec.Ramp, SegmentSpec.Sine, SegmentSpec.Spike {

  /** How long the segment runs. */
  Duration length();

  /** The most users the segment asks for. */
  int peakUsers();

  /** Users wanted at {@code elapsedMillis} into this segment, {@code 0 <= elapsed < length}. */
  int usersAt(long elapsedMillis);

  /** A constant number of users. */
  record Uniform(int users, Duration duration) implements SegmentSpec {
    public Uniform {
      requireUsers("users", users);
      Durations.requirePositive("duration", duration);
    }

    @Override
    public Duration length() {
      return duration;
    }

    @Override
    public int usersAt(long elapsedMillis) {
      return users;
    }

    @Override
    public int peakUsers() {
      return users;
    }
  }

  /**
   * From {@code from} to {@code to} users. Without a step the change is linear in time (reaching
   * {@code to} at the end); with a step it climbs in {@code duration / step} equal stairs, the
   * first at {@code from} and the last at {@code to}.
   */
  record Ramp(int from, int to, Duration duration, Duration step) implements SegmentSpec {
    public Ramp {
      requireUsers("from", from);
      requireUsers("to", to);
      Durations.requirePositive("duration", duration);
      if (step != null) {
        Durations.requirePositive("step", step);
        if (step.compareTo(duration) > 0) {
          throw new IllegalArgumentException(
              "step: must not exceed duration "
                  + DurationSyntax.format(duration)
                  + ", was "
                  + DurationSyntax.format(step));
        }
      }
    }

    @Override
    public Duration length() {
      return duration;
    }

    @Override
    public int usersAt(long elapsedMillis) {
      long durationMillis = duration.toMillis();
      if (step == null) {
        return Arithmetic.interpolate(from, to, elapsedMillis, durationMillis);
      }
      long stepMillis = step.toMillis();
      long stairs = durationMillis / stepMillis;
      long stair = Math.min(elapsedMillis / stepMillis, stairs - 1);
      return Arithmetic.interpolate(from, to, stair, stairs - 1);
    }

    @Override
    public int peakUsers() {
      return Math.max(from, to);
    }
  }

  /**
   * A cosine wave from {@code min} up to {@code max} (at half a period) and back, for cyclic load.
   */
  record Sine(int min, int max, Duration period, Duration duration) implements SegmentSpec {
    public Sine {
      requireUsers("min", min);
      requireUsers("max", max);
      if (max < min) {
        throw new IllegalArgumentException("max: must be >= min " + min + ", was " + max);
      }
      Durations.requirePositive("period", period);
      Durations.requirePositive("duration", duration);
    }

    @Override
    public Duration length() {
      return duration;
    }

    @Override
    public int usersAt(long elapsedMillis) {
      double phase = 2 * Math.PI * (elapsedMillis % period.toMillis()) / period.toMillis();
      return min + (int) Math.round((max - min) * (1 - Math.cos(phase)) / 2);
    }

    @Override
    public int peakUsers() {
      return max;
    }
  }

  /**
   * {@code base} users with a burst of {@code peak} users from {@code at} for {@code duration}.
   *
   * @param at when the burst starts, from the start of the segment
   * @param duration how long the burst lasts
   * @param total how long the segment lasts
   */
  record Spike(int base, int peak, Duration at, Duration duration, Duration total)
      implements SegmentSpec {
    public Spike {
      requireUsers("base", base);
      requireUsers("peak", peak);
      Durations.requireNonNegative("at", at);
      Durations.requirePositive("duration", duration);
      Durations.requirePositive("total", total);
      if (at.plus(duration).compareTo(total) > 0) {
        throw new IllegalArgumentException(
            "total: must cover at + duration = "
                + DurationSyntax.format(at.plus(duration))
                + ", was "
                + DurationSyntax.format(total));
      }
    }

    @Override
    public int usersAt(long elapsedMillis) {
      long startMillis = at.toMillis();
      boolean inSpike =
          elapsedMillis >= startMillis && elapsedMillis < startMillis + duration.toMillis();
      return inSpike ? peak : base;
    }

    @Override
    public Duration length() {
      return total;
    }

    @Override
    public int peakUsers() {
      return Math.max(base, peak);
    }
  }

  private static void requireUsers(String name, int users) {
    if (users < 0) {
      throw new IllegalArgumentException(name + ": must be >= 0, was " + users);
    }
  }
}
