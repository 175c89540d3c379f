package dev.anemometer.driver.behavior;

import dev.anemometer.driver.operation.OperationType;
import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/** The ways out of one state, compiled from its {@code next} list. */
final class Transitions {

  /** A guarded entry: fires when its condition holds (or it has none) and its draw succeeds. */
  record Guard(Condition when, double probability, OperationType to) {}

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

  OperationType next(Predicate<Condition> holds, RandomGenerator random) {
    for (Guard guard : guards) {
      if ((guard.when() == null || holds.test(guard.when()))
          && (guard.probability() >= 1 || random.nextDouble() < guard.probability())) {
        return guard.to();
      }
    }
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
