package dev.anemometer.driver.loadpath;

import java.time.Duration;

/**
 * Weathervane's search for peak users.
 *
 * @param initialStepUsers the initial ramp climbs in steps of this many users
 * @param initialStepDuration how long each initial step runs; the whole step is judged
 * @param probeRampUp a probe's ramp from the previous user count to its own
 * @param probeWarmUp a probe's warm-up at its user count before judging
 * @param probeQosPeriod the judged part of a probe
 * @param precisionPercent stop when (lowest fail - highest pass) / highest pass is below this
 * @param verificationRepeats how often the answer is run again, and must pass again, before it
 *     stands
 * @param maxUsers the search never goes above this (the data set's size)
 */
public record FindMaxLoadPathSpec(
    int initialStepUsers,
    Duration initialStepDuration,
    Duration probeRampUp,
    Duration probeWarmUp,
    Duration probeQosPeriod,
    double precisionPercent,
    int verificationRepeats,
    int maxUsers)
    implements LoadPathSpec {

  public FindMaxLoadPathSpec {
    if (initialStepUsers < 1) {
      throw new IllegalArgumentException("initialStepUsers: must be >= 1, was " + initialStepUsers);
    }
    Durations.requirePositive("initialStepDuration", initialStepDuration);
    Durations.requireNonNegative("probeRampUp", probeRampUp);
    Durations.requireNonNegative("probeWarmUp", probeWarmUp);
    Durations.requirePositive("probeQosPeriod", probeQosPeriod);
    if (!(precisionPercent > 0)) {
      throw new IllegalArgumentException("precisionPercent: must be > 0, was " + precisionPercent);
    }
    if (verificationRepeats < 0) {
      throw new IllegalArgumentException(
          "verificationRepeats: must be >= 0, was " + verificationRepeats);
    }
    if (maxUsers < initialStepUsers) {
      throw new IllegalArgumentException(
          "maxUsers: must be >= initialStepUsers " + initialStepUsers + ", was " + maxUsers);
    }
  }

  /** Defaults close to Weathervane's: 1 % precision, 60 s initial steps, 5 min probes. */
  public static FindMaxLoadPathSpec withDefaults(int initialStepUsers, int maxUsers) {
    return new FindMaxLoadPathSpec(
        initialStepUsers,
        Duration.ofSeconds(60),
        Duration.ofSeconds(60),
        Duration.ofSeconds(120),
        Duration.ofSeconds(300),
        1.0,
        0,
        maxUsers);
  }

  @Override
  public LoadPathInstance newInstance() {
    return new FindMaxLoadPathInstance(this);
  }
}
