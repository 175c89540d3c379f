package dev.anemometer.driver.loadpath;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
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
    return bound(users, null, null, null, null, null);
  }

  /** As a file writes it: {@code users} is required, every other key has Weathervane's default. */
  @JsonCreator
  static FixedLoadPathSpec bound(
      @JsonProperty("users") Integer users,
      @JsonProperty("rampUp") Duration rampUp,
      @JsonProperty("warmUp") Duration warmUp,
      @JsonProperty("qosPeriods") Integer qosPeriods,
      @JsonProperty("qosPeriod") Duration qosPeriod,
      @JsonProperty("rampDown") Duration rampDown) {
    if (users == null) {
      throw new IllegalArgumentException("users: is required, a number of users >= 0");
    }
    return new FixedLoadPathSpec(
        users,
        rampUp == null ? Duration.ofSeconds(240) : rampUp,
        warmUp == null ? Duration.ofSeconds(300) : warmUp,
        qosPeriods == null ? 1 : qosPeriods,
        qosPeriod == null ? Duration.ofSeconds(300) : qosPeriod,
        rampDown == null ? Duration.ofSeconds(120) : rampDown);
  }

  @Override
  public int mostUsers() {
    return users;
  }

  public Duration totalDuration() {
    return rampUp.plus(warmUp).plus(qosPeriod.multipliedBy(qosPeriods)).plus(rampDown);
  }

  @Override
  public LoadPathInstance newInstance() {
    return new FixedLoadPathInstance(this);
  }
}
