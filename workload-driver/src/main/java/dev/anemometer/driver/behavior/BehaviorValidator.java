package dev.anemometer.driver.behavior;

import dev.anemometer.driver.behavior.BehaviorSpec.BidSpec;
import dev.anemometer.driver.behavior.BehaviorSpec.CycleTimeSpec;
import dev.anemometer.driver.behavior.BehaviorSpec.StateSpec;
import dev.anemometer.driver.behavior.BehaviorSpec.TransitionSpec;
import dev.anemometer.driver.operation.BidStrategy;
import dev.anemometer.driver.operation.OperationType;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Checks a parsed behaviour and compiles it; every problem is reported with its path. */
final class BehaviorValidator {

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final String source;
  // A set: a choice included by several states would otherwise report its problems once per state.
  private final Set<String> problems = new LinkedHashSet<>();

  BehaviorValidator(String source) {
    this.source = source;
  }

  Behavior compile(BehaviorSpec spec) {
    String name = spec.name();
    if (name == null || name.isBlank()) {
      problem("name", "required");
    }
    int pageSize = spec.pageSize() == null ? 5 : spec.pageSize();
    check(pageSize >= 1 && pageSize <= 100, "pageSize", "must be between 1 and 100");
    CycleTime cycleTime = cycleTime(spec.cycleTime());
    int maxFollowed = maxFollowed(spec.followers());
    double usersPerAuction = usersPerAuction(spec.followers());
    BidStrategy bidStrategy = bidStrategy(spec.bidding());
    Map<OperationType, Transitions> states = states(spec);
    OperationType start = stateName(spec.start(), "start", spec.states());
    if (!problems.isEmpty()) {
      throw new BehaviorException(source, List.copyOf(problems));
    }
    return new Behavior(
        name, start, pageSize, cycleTime, maxFollowed, usersPerAuction, bidStrategy, states);
  }

  private CycleTime cycleTime(CycleTimeSpec spec) {
    if (spec == null) {
      problem("cycleTime", "required");
      return null;
    }
    double mean = required(spec.meanSeconds(), "cycleTime.meanSeconds");
    double sd = required(spec.sdSeconds(), "cycleTime.sdSeconds");
    double min = required(spec.minSeconds(), "cycleTime.minSeconds");
    double max = required(spec.maxSeconds(), "cycleTime.maxSeconds");
    check(mean > 0, "cycleTime.meanSeconds", "must be > 0");
    check(sd >= 0, "cycleTime.sdSeconds", "must be ≥ 0");
    check(min >= 0 && min <= mean, "cycleTime.minSeconds", "must be between 0 and meanSeconds");
    check(max >= mean, "cycleTime.maxSeconds", "must be ≥ meanSeconds");
    return new CycleTime(nanos(mean), nanos(sd), nanos(min), nanos(max));
  }

  private int maxFollowed(BehaviorSpec.FollowerSpec spec) {
    if (spec == null || spec.maxAuctions() == null) {
      problem("followers.maxAuctions", "required");
      return 0;
    }
    check(spec.maxAuctions() >= 0, "followers.maxAuctions", "must be ≥ 0");
    return spec.maxAuctions();
  }

  private double usersPerAuction(BehaviorSpec.FollowerSpec spec) {
    if (spec == null || spec.usersPerAuction() == null) {
      return Double.POSITIVE_INFINITY;
    }
    double users = spec.usersPerAuction();
    check(
        users >= 1 && users <= 1_000_000,
        "followers.usersPerAuction",
        "must be between 1 and 1000000");
    return users;
  }

  private BidStrategy bidStrategy(BidSpec spec) {
    if (spec == null) {
      problem("bidding", "required");
      return null;
    }
    double mean = required(spec.raiseMean(), "bidding.raiseMean");
    double sd = required(spec.raiseSd(), "bidding.raiseSd");
    double min = required(spec.raiseMin(), "bidding.raiseMin");
    double max = required(spec.raiseMax(), "bidding.raiseMax");
    double maxPrice = required(spec.maxPrice(), "bidding.maxPrice");
    check(sd >= 0, "bidding.raiseSd", "must be ≥ 0");
    check(min > 0, "bidding.raiseMin", "must be > 0");
    check(max >= min, "bidding.raiseMax", "must be ≥ raiseMin");
    check(maxPrice > 0, "bidding.maxPrice", "must be > 0");
    return new BidStrategy(mean, Math.max(0, sd), min, max, BigDecimal.valueOf(maxPrice));
  }

  private Map<OperationType, Transitions> states(BehaviorSpec spec) {
    Map<OperationType, Transitions> compiled = new EnumMap<>(OperationType.class);
    if (spec.states() == null || spec.states().isEmpty()) {
      problem("states", "required");
      return compiled;
    }
    Map<String, List<TransitionSpec>> choices = spec.choices() == null ? Map.of() : spec.choices();
    choices.forEach(
        (choice, entries) -> {
          for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) != null && entries.get(i).include() != null) {
              problem("choices." + choice + "[" + i + "].include", "not allowed inside a choice");
            }
          }
        });
    spec.states()
        .forEach(
            (state, stateSpec) -> {
              OperationType type = operation(state, "states." + state);
              if (type == OperationType.GET_CURRENT_ITEM || type == OperationType.GET_NEXT_BID) {
                problem("states." + state, "is run by auction followers, not a state");
              } else if (type != null) {
                compiled.put(
                    type,
                    new StateCompiler(this, spec.states(), choices).compile(state, stateSpec));
              }
            });
    return compiled;
  }

  OperationType stateName(String name, String path, Map<String, StateSpec> states) {
    if (name == null) {
      problem(path, "required");
      return null;
    }
    OperationType type = operation(name, path);
    if (type != null && (states == null || !states.containsKey(name))) {
      problem(path, "'" + name + "' has no entry under states");
    }
    return type;
  }

  private OperationType operation(String name, String path) {
    try {
      return OperationType.fromDisplayName(name);
    } catch (IllegalArgumentException e) {
      problem(path, "unknown operation '" + name + "'");
      return null;
    }
  }

  private double required(Double value, String path) {
    if (value == null) {
      problem(path, "required");
      return 0;
    }
    return value;
  }

  void check(boolean ok, String path, String message) {
    if (!ok) {
      problem(path, message);
    }
  }

  void problem(String path, String message) {
    problems.add(path + ": " + message);
  }

  private static long nanos(double seconds) {
    return Math.round(seconds * NANOS_PER_SECOND);
  }
}
