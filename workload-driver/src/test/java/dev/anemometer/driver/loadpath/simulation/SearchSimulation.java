package dev.anemometer.driver.loadpath.simulation;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Runs one search variant many times on one noise model, each on a stack of another capacity
 * (uniform between {@value #LEAST_CAPACITY} and {@value #MOST_CAPACITY} users, so that where the
 * climb's steps fall against the capacity varies), and sums up how it did.
 */
final class SearchSimulation {

  static final double LEAST_CAPACITY = 1_500;
  static final double MOST_CAPACITY = 4_500;

  private SearchSimulation() {}

  static SearchStatistics run(
      String variant,
      FindMaxLoadPathSpec spec,
      SimulatedSearch.Steering steering,
      NoiseModel noise,
      int searches,
      long seed) {
    double ratio =
        EffectiveCapacity.ratio(noise, (int) spec.verificationQosPeriod().toSeconds(), seed);
    SplittableRandom random = new SplittableRandom(seed);
    List<SimulatedSearch.Outcome> outcomes = new ArrayList<>();
    for (int i = 0; i < searches; i++) {
      SplittableRandom one = random.split();
      double capacity = LEAST_CAPACITY + one.nextDouble() * (MOST_CAPACITY - LEAST_CAPACITY);
      outcomes.add(SimulatedSearch.run(spec, capacity, capacity / ratio, noise, steering, one));
    }
    return SearchStatistics.of(variant, noise.name(), spec.precisionPercent(), outcomes);
  }
}
