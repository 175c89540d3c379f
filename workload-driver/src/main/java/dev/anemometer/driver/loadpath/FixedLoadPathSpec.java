package dev.anemometer.driver.loadpath;

import java.time.Duration;

/**
 * Pass/fail at a fixed number of users: linear ramp-up from zero, warm-up, {@code qosPeriods}
 * judged periods back to back, then a linear ramp-down to zero. The run passes when every QoS
 * period passes.
 */
public record FixedLoadPathSpec(
    int users,
    Duration rampUp,
    Duration warmUp,
    int qosPeriods,
    Duration qosPeriod,
    Duration rampDown)
    implements LoadPathSpec {

  public FixedLoadPathSpec {
    if (users < 0) {
      throw new IllegalArgumentException("users: must be >= 0, was " + users);
    }
    if (qosPeriods < 1) {
      throw new IllegalArgumentException("qosPeriods: must be >= 1, was " + qosPeriods);
    }
    Durations.requireNonNegative("rampUp", rampUp);
    Durations.requireNonNegative("warmUp", warmUp);
    Durations.requirePositive("qosPeriod", qosPeriod);
    Durations.requireNonNegative("rampDown", rampDown);
  }

  /** Weathervane's defaults: 240 s ramp-up, 300 s warm-up, one 300 s QoS period, 120 s down. */
  public static FixedLoadPathSpec withDefaults(int users) {
    return new FixedLoadPathSpec(
        users,
        Duration.ofSeconds(240),
        Duration.ofSeconds(300),
        1,
        Duration.ofSeconds(300),
        Duration.ofSeconds(120));
  }

  public Duration totalDuration() {
    return rampUp.plus(warmUp).plus(qosPeriod.multipliedBy(qosPeriods)).plus(rampDown);
  }

  @Override
  public LoadPathInstance newInstance() {
    return new FixedLoadPathInstance(this);
  }
}
