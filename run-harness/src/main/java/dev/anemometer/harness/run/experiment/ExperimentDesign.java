package dev.anemometer.harness.run.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rounds of an experiment: each runs every variant once, in an order drawn at random for that
 * round from the experiment's seed. A random order, not a fixed one: a machine that slows down
 * steadily would otherwise favour the variant that always runs first, in every round alike, which
 * no number of rounds averages out.
 *
 * @param variants the variants' names, the base first
 * @param seed the seed of every round's order; recorded, so that the orders can be drawn again
 */
public record ExperimentDesign(List<String> variants, long seed) {

  public ExperimentDesign {
    variants = List.copyOf(variants);
    if (variants.size() < 2) {
      throw new IllegalArgumentException("an experiment needs two variants, got " + variants);
    }
  }

  /** The order of round {@code round} (1-based): a permutation of the variants. */
  public List<String> orderOf(int round) {
    List<String> order = new ArrayList<>(variants);
    // One generator per round, so a round's order does not depend on the rounds before it; and
    // SplittableRandom, whose first draws from neighbouring seeds are independent: java.util.Random
    // seeded with round numbers gave nearly every round the same first coin, the same order.
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + round);
    for (int i = order.size() - 1; i > 0; i--) {
      Collections.swap(order, i, random.nextInt(i + 1));
    }
    return List.copyOf(order);
  }

  public String base() {
    return variants.get(0);
  }
}
