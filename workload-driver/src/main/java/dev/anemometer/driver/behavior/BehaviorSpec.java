package dev.anemometer.driver.behavior;

import java.util.List;
import java.util.Map;

/**
 * A behaviour file as parsed, before validation (see {@code docs/behaviors.md} for the schema).
 * Fields are nullable here; {@link BehaviorValidator} reports what is missing or wrong by path.
 *
 * @param name shown in logs and results
 * @param start the first operation of a session (HomePage)
 * @param pageSize size of every page users ask for
 * @param cycleTime pacing of the main behaviour
 * @param followers auction followers started by JoinAuction
 * @param bidding how much users bid
 * @param choices named transition lists that states can include
 * @param states one entry per operation of the main behaviour: where to go after it
 */
public record BehaviorSpec(
    String name,
    String start,
    Integer pageSize,
    CycleTimeSpec cycleTime,
    FollowerSpec followers,
    BidSpec bidding,
    Map<String, List<TransitionSpec>> choices,
    Map<String, StateSpec> states) {

  /** Normal distribution truncated to [min, max], in seconds. */
  public record CycleTimeSpec(
      Double meanSeconds, Double sdSeconds, Double minSeconds, Double maxSeconds) {}

  /**
   * @param maxAuctions how many auctions a user follows at once
   * @param usersPerAuction the live auctions in play follow the active users: the first {@code
   *     ceil(active users / usersPerAuction)} of the live list; optional, all live auctions when
   *     absent
   */
  public record FollowerSpec(Integer maxAuctions, Double usersPerAuction) {}

  /** Raise over the price to beat ~ N(raiseMean, raiseSd) clipped to [raiseMin, raiseMax]. */
  public record BidSpec(
      Double raiseMean, Double raiseSd, Double raiseMin, Double raiseMax, Double maxPrice) {}

  /**
   * @param next transitions tried after the operation, see {@link TransitionSpec}
   */
  public record StateSpec(List<TransitionSpec> next) {}

  /**
   * One way out of a state. Guarded entries ({@code when} and/or {@code probability}) are tried in
   * order; when none fires, one of the unguarded entries is picked by {@code weight}. An entry with
   * {@code include} stands for the entries of a named choice.
   *
   * @param to the next operation
   * @param weight relative weight among the unguarded entries (default 1)
   * @param when a condition that must hold, e.g. {@code noLiveAuctions}
   * @param probability chance that a guarded entry fires when its condition holds (default 1); a
   *     chance below 1 on an awaitable condition ({@code canBid}) drawn while the condition does
   *     not hold is kept until it does (see {@link NextOperation})
   * @param include name of a choice whose entries stand here
   */
  public record TransitionSpec(
      String to, Double weight, String when, Double probability, String include) {}
}
