package dev.anemometer.driver.behavior;

import dev.anemometer.driver.operation.BidStrategy;
import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * A validated behaviour, ready to walk: a Markov chain over operations whose transitions may test
 * conditions on the user. Immutable, shared by all users.
 */
public final class Behavior {

  private final String name;
  private final OperationType start;
  private final int pageSize;
  private final CycleTime cycleTime;
  private final int maxFollowedAuctions;
  private final double usersPerAuction;
  private final BidStrategy bidStrategy;
  private final Map<OperationType, Transitions> states;

  Behavior(
      String name,
      OperationType start,
      int pageSize,
      CycleTime cycleTime,
      int maxFollowedAuctions,
      double usersPerAuction,
      BidStrategy bidStrategy,
      Map<OperationType, Transitions> states) {
    this.name = name;
    this.start = start;
    this.pageSize = pageSize;
    this.cycleTime = cycleTime;
    this.maxFollowedAuctions = maxFollowedAuctions;
    this.usersPerAuction = usersPerAuction;
    this.bidStrategy = bidStrategy;
    this.states = new EnumMap<>(states);
  }

  /** Loads a bundled behaviour by name ({@code default}) or a behaviour file by path. */
  public static Behavior load(String nameOrPath) {
    return BehaviorLoader.load(nameOrPath);
  }

  /**
   * Parses a behaviour sent as content and returns the name {@link #load} knows it by.
   *
   * @param field how errors name where the content came from, e.g. {@code
   *     targets[app0].behaviorYaml}
   * @throws BehaviorException naming {@code field} and each offending path within the content
   */
  public static String sent(String field, String yaml) {
    return SentBehaviors.add(field, yaml);
  }

  /** True when {@code name} names a behaviour of this jar (not a file). */
  public static boolean isBundled(String name) {
    return BehaviorLoader.isBundled(name);
  }

  public String name() {
    return name;
  }

  public OperationType start() {
    return start;
  }

  public int pageSize() {
    return pageSize;
  }

  public CycleTime cycleTime() {
    return cycleTime;
  }

  public int maxFollowedAuctions() {
    return maxFollowedAuctions;
  }

  /** Active users per live auction in play; infinite when every live auction is in play. */
  public double usersPerAuction() {
    return usersPerAuction;
  }

  public BidStrategy bidStrategy() {
    return bidStrategy;
  }

  /**
   * The operation after {@code current}, given which conditions hold for the user now, and whether
   * it must wait for one of them first (see {@link NextOperation}).
   */
  public NextOperation next(
      OperationType current, Predicate<Condition> holds, RandomGenerator random) {
    Transitions transitions = states.get(current);
    if (transitions == null) {
      // Operations outside the chain (a restart target, say) continue where a session starts.
      return NextOperation.now(start);
    }
    return transitions.next(holds, random);
  }
}
