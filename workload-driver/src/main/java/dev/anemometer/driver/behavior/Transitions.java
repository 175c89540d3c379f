package dev.anemometer.driver.behavior;

import dev.anemometer.driver.operation.OperationType;
import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/** The ways out of one state, compiled from its {@code next} list. */
final class Transitions {

  /** A guarded entry: fires when its condition holds (or it has none) and its draw succeeds. */
  record Guard(Condition when, double probability, OperationType to) {

    /**
     * Whether a successful draw is kept while the condition does not hold: only for a chance
     * (probability below 1) on an awaitable condition. A sure entry is a branch, not a wish: kept,
     * it would leave the fallback unreachable.
     */
    boolean keptUntilItHolds() {
      return when != null && when.awaitable() && probability < 1;
    }
  }

  private final Guard[] guards;
  private final OperationType[] targets;
  private final double[] cumulativeWeights;

  Transitions(List<Guard> guards, List<OperationType> targets, List<Double> weights) {
    this.guards = guards.toArray(new Guard[0]);
    this.targets = targets.toArray(new OperationType[0]);
    this.cumulativeWeights = new double[weights.size()];
    double sum = 0;
    for (int i = 0; i < cumulativeWeights.length; i++) {
      sum += weights.get(i);
      cumulativeWeights[i] = sum;
    }
  }

  /**
   * Tries the guards in order, then draws a fallback. A chance drawn while its awaitable condition
   * does not hold is not lost to the fallback: the user waits for the condition (see {@link
   * NextOperation}), with what the rest of the list chooses as the way out if it gives up.
   */
  NextOperation next(Predicate<Condition> holds, RandomGenerator random) {
    for (int i = 0; i < guards.length; i++) {
      Guard guard = guards[i];
      boolean ready = guard.when() == null || holds.test(guard.when());
      if ((ready || guard.keptUntilItHolds()) && drawn(guard, random)) {
        return ready
            ? NextOperation.now(guard.to())
            : NextOperation.once(guard.to(), guard.when(), firstReady(i + 1, holds, random));
      }
    }
    return NextOperation.now(fallback(random));
  }

  /** The first guard from {@code first} on that holds and draws, else a fallback: no waiting. */
  private OperationType firstReady(int first, Predicate<Condition> holds, RandomGenerator random) {
    for (int i = first; i < guards.length; i++) {
      Guard guard = guards[i];
      if ((guard.when() == null || holds.test(guard.when())) && drawn(guard, random)) {
        return guard.to();
      }
    }
    return fallback(random);
  }

  private static boolean drawn(Guard guard, RandomGenerator random) {
    return guard.probability() >= 1 || random.nextDouble() < guard.probability();
  }

  private OperationType fallback(RandomGenerator random) {
    double draw = random.nextDouble() * cumulativeWeights[cumulativeWeights.length - 1];
    for (int i = 0; i < targets.length; i++) {
      if (draw < cumulativeWeights[i]) {
        return targets[i];
      }
    }
    return targets[targets.length - 1];
  }

  List<Guard> guards() {
    return List.of(guards);
  }

  /** Probability of each weighted target, for the analysis of the chain. */
  double weightShare(int index) {
    double previous = index == 0 ? 0 : cumulativeWeights[index - 1];
    return (cumulativeWeights[index] - previous) / cumulativeWeights[cumulativeWeights.length - 1];
  }

  List<OperationType> targets() {
    return List.of(targets);
  }
}
