package dev.anemometer.harness.run.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The rounds of an experiment: each runs every variant once, in an order drawn at random from the
 * experiment's seed. Rounds come in groups of as many rounds as there are variants, and within a
 * group each variant runs once in each position (with two variants: one round A then B, the other B
 * then A, which first drawn at random); the order within the group's first round and the group's
 * sequence of rotations are drawn afresh for every group.
 *
 * <p>A random order, not a fixed one: a machine that slows down steadily would otherwise favour the
 * variant that always runs first, in every round alike, which no number of rounds averages out.
 * Balanced within a group, not drawn round by round: three rounds drawn independently run in the
 * same order one time in four, and then a steady slowdown is again in every ratio alike.
 *
 * @param variants the variants' names, the base first
 * @param seed the seed of every group's orders; recorded, so that the orders can be drawn again
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
    int size = variants.size();
    int group = (round - 1) / size;
    // One generator per group, so that a group's orders do not depend on the groups before it; and
    // SplittableRandom, whose first draws from neighbouring seeds are independent: java.util.Random
    // seeded with neighbouring numbers gave nearly every one the same first coin.
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + group);
    List<String> first = shuffled(variants, random);
    List<Integer> rotations = shuffled(range(size), random);
    List<String> order = new ArrayList<>(first);
    Collections.rotate(order, rotations.get((round - 1) % size));
    return List.copyOf(order);
  }

  public String base() {
    return variants.get(0);
  }

  private static <T> List<T> shuffled(List<T> items, SplittableRandom random) {
    List<T> shuffled = new ArrayList<>(items);
    for (int i = shuffled.size() - 1; i > 0; i--) {
      Collections.swap(shuffled, i, random.nextInt(i + 1));
    }
    return shuffled;
  }

  private static List<Integer> range(int size) {
    List<Integer> range = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      range.add(i);
    }
    return range;
  }
}
