package dev.anemometer.driver.loadpath.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The true capacity of a simulated stack, which the search's answers are measured against: the
 * users, as a share of those that saturate it, at which the window the answer rests on (the
 * verification's) passes half the time on a warm stack at its mean pace. Under noise that is below
 * the knee of the noiseless stack, and lower the longer the window: a window's 99th percentile is
 * set by its slowest seconds.
 */
final class EffectiveCapacity {

  static final int TRIALS = 400;
  static final int SETTLE_SECONDS = 60;

  private EffectiveCapacity() {}

  /**
   * The share of the saturating users at which a window of {@code windowSeconds} passes half the
   * time.
   */
  static double ratio(NoiseModel noise, int windowSeconds, long seed) {
    NoiseModel steady = noise.steadyState();
    double low = 0.5;
    double high = 1.0;
    for (int i = 0; i < 16; i++) {
      double middle = (low + high) / 2;
      if (passShare(steady, middle, windowSeconds, seed) >= 0.5) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return (low + high) / 2;
  }

  private static double passShare(NoiseModel steady, double ratio, int windowSeconds, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double saturation = 1_000;
    int passed = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      StackModel stack = new StackModel(saturation, steady, random.split());
      List<StackModel.Tick> window = new ArrayList<>();
      for (int second = 0; second < SETTLE_SECONDS + windowSeconds; second++) {
        StackModel.Tick tick = stack.tick(saturation * ratio, second);
        if (second >= SETTLE_SECONDS) {
          window.add(tick);
        }
      }
      if (WindowLatency.worstLimitShare(window, 0) <= 1) {
        passed++;
      }
    }
    return (double) passed / TRIALS;
  }
}
