package dev.anemometer.driver.behavior;

import dev.anemometer.driver.behavior.BehaviorSpec.StateSpec;
import dev.anemometer.driver.behavior.BehaviorSpec.TransitionSpec;
import dev.anemometer.driver.operation.OperationType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Compiles one state's {@code next} list, reporting problems to the validator by path. */
final class StateCompiler {

  private final BehaviorValidator validator;
  private final Map<String, StateSpec> states;
  private final Map<String, List<TransitionSpec>> choices;
  private final List<Transitions.Guard> guards = new ArrayList<>();
  private final List<OperationType> targets = new ArrayList<>();
  private final List<Double> weights = new ArrayList<>();

  StateCompiler(
      BehaviorValidator validator,
      Map<String, StateSpec> states,
      Map<String, List<TransitionSpec>> choices) {
    this.validator = validator;
    this.states = states;
    this.choices = choices;
  }

  Transitions compile(String state, StateSpec spec) {
    String path = "states." + state + ".next";
    if (spec == null || spec.next() == null || spec.next().isEmpty()) {
      validator.problem(path, "required");
      return null;
    }
    for (int i = 0; i < spec.next().size(); i++) {
      entry(spec.next().get(i), path + "[" + i + "]");
    }
    double total = weights.stream().mapToDouble(Double::doubleValue).sum();
    if (targets.isEmpty() || !(total > 0)) {
      validator.problem(
          path, "needs an entry without when/probability and with weight > 0 (the fallback)");
      return null;
    }
    return new Transitions(guards, targets, weights);
  }

  private void entry(TransitionSpec entry, String path) {
    if (entry == null) {
      validator.problem(path, "empty entry");
      return;
    }
    if (entry.include() != null) {
      include(entry, path);
      return;
    }
    OperationType to = validator.stateName(entry.to(), path + ".to", states);
    boolean guarded = entry.when() != null || entry.probability() != null;
    Condition when = null;
    if (entry.when() != null) {
      when = Condition.fromFileName(entry.when());
      validator.check(
          when != null,
          path + ".when",
          "unknown condition '" + entry.when() + "' (known: " + Condition.known() + ")");
    }
    double probability = entry.probability() == null ? 1 : entry.probability();
    validator.check(
        probability >= 0 && probability <= 1, path + ".probability", "must be between 0 and 1");
    if (guarded) {
      validator.check(
          entry.weight() == null, path + ".weight", "not allowed with when/probability");
      guards.add(new Transitions.Guard(when, probability, to));
      return;
    }
    double weight = entry.weight() == null ? 1 : entry.weight();
    validator.check(weight >= 0, path + ".weight", "must be ≥ 0");
    targets.add(to);
    weights.add(Math.max(0, weight));
  }

  private void include(TransitionSpec entry, String path) {
    boolean alone =
        entry.to() == null
            && entry.weight() == null
            && entry.when() == null
            && entry.probability() == null;
    validator.check(alone, path + ".include", "must stand alone in its entry");
    List<TransitionSpec> choice = choices.get(entry.include());
    if (choice == null) {
      validator.problem(path + ".include", "no choice named '" + entry.include() + "'");
      return;
    }
    for (int i = 0; i < choice.size(); i++) {
      if (choice.get(i) == null || choice.get(i).include() == null) {
        entry(choice.get(i), "choices." + entry.include() + "[" + i + "]");
      }
    }
  }
}
