package dev.anemometer.driver.loadpath;

import java.time.Duration;

/** One segment of an interval load path; each segment is judged as its own window. */
public sealed interface SegmentSpec
    permits SegmentSpec.Uniform, SegmentSpec.Ramp, SegmentSpec.Sine, SegmentSpec.Spike {

  /** How long the segment runs. */
  Duration length();

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
              "step: must not exceed duration " + duration + ", was " + step);
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
  }

  /** {@code base} users with a burst of {@code peak} users from {@code at} for {@code duration}. */
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
            "total: must cover at + duration = " + at.plus(duration) + ", was " + total);
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
  }

  private static void requireUsers(String name, int users) {
    if (users < 0) {
      throw new IllegalArgumentException(name + ": must be >= 0, was " + users);
    }
  }
}
