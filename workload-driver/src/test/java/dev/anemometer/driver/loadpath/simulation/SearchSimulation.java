package dev.anemometer.driver.loadpath.simulation;

import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleFunction;

/**
 * Runs one search variant many times on one noise model, each on a stack of another capacity
 * (uniform between {@value #LEAST_CAPACITY} and {@value #MOST_CAPACITY} users, so that where the
 * climb's steps fall against the capacity varies), and sums up how it did.
 */
final class SearchSimulation {

  static final double LEAST_CAPACITY = 1_500;
  static final double MOST_CAPACITY = 4_500;

  /** {@code -Dsimulation.trace=N} prints the windows of the first N searches of each row. */
  static final int TRACED = Integer.getInteger("simulation.trace", 0);

  private SearchSimulation() {}

  static SearchStatistics run(
      String variant,
      FindMaxLoadPathSpec spec,
      SimulatedSearch.Steering steering,
      NoiseModel noise,
      int searches,
      long seed) {
    return run(variant, capacity -> spec, steering, noise, searches, seed);
  }

  /**
   * As {@link #run(String, FindMaxLoadPathSpec, SimulatedSearch.Steering, NoiseModel, int, long)},
   * with a search that knows something of the stack's capacity (a hint from a previous result).
   */
  static SearchStatistics run(
      String variant,
      DoubleFunction<FindMaxLoadPathSpec> specForCapacity,
      SimulatedSearch.Steering steering,
      NoiseModel noise,
      int searches,
      long seed) {
    FindMaxLoadPathSpec spec = specForCapacity.apply(LEAST_CAPACITY);
    double ratio =
        EffectiveCapacity.ratio(noise, (int) spec.verificationQosPeriod().toSeconds(), seed);
    SplittableRandom random = new SplittableRandom(seed);
    List<SimulatedSearch.Outcome> outcomes = new ArrayList<>();
    for (int i = 0; i < searches; i++) {
      SplittableRandom one = random.split();
      double capacity = LEAST_CAPACITY + one.nextDouble() * (MOST_CAPACITY - LEAST_CAPACITY);
      SimulatedSearch.Outcome outcome =
          SimulatedSearch.run(
              specForCapacity.apply(capacity), capacity, capacity / ratio, noise, steering, one);
      if (i < TRACED) {
        System.out.printf(
            "%s / %s: capacity %.0f, answer %d (%+.1f %%), %.1f min: %s%n",
            variant,
            noise.name(),
            capacity,
            outcome.answer(),
            outcome.errorPercent(),
            outcome.minutes(),
            outcome.trace());
      }
      outcomes.add(outcome);
    }
    return SearchStatistics.of(variant, noise.name(), spec.precisionPercent(), outcomes);
  }
}
