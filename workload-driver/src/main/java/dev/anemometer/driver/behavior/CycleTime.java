package dev.anemometer.driver.behavior;

import java.util.random.RandomGenerator;

/**
 * Think time between the starts of two operations: a normal distribution truncated to [min, max].
 */
public record CycleTime(long meanNanos, long sdNanos, long minNanos, long maxNanos) {

  private static final int MAX_REDRAWS = 32;

  public long sampleNanos(RandomGenerator random) {
    for (int i = 0; i < MAX_REDRAWS; i++) {
      double sample = random.nextGaussian(meanNanos, sdNanos);
      if (sample >= minNanos && sample <= maxNanos) {
        return (long) sample;
      }
    }
    // Only reachable with a window far in a tail; clamping keeps pacing bounded.
    return Math.min(maxNanos, Math.max(minNanos, meanNanos));
  }
}
