package dev.anemometer.harness.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

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
    // One generator per round: a round's order does not depend on how many rounds came before.
    Collections.shuffle(order, new Random(seed * 0x9E3779B97F4A7C15L + round));
    return List.copyOf(order);
  }

  public String base() {
    return variants.get(0);
  }
}
