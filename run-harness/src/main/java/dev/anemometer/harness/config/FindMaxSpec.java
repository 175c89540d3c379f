package dev.anemometer.harness.config;

/**
 * The findMax search (SPEC §3.4), for every app instance. Its phases are those of {@code qos}: each
 * initial step lasts one interval; each probe ramps for rampUp, warms for warmUp and is judged over
 * one interval.
 *
 * @param initialStep users added per initial step; absent: a tenth of the ceiling
 * @param ceiling the most users the search tries; absent: maxUsers / 3 of each instance, the most
 *     at which the live auctions (maxUsers / 15) keep the expected mix
 * @param precision percent: stop when (lowest fail − highest pass) / highest pass is below it
 * @param verifications how often the answer is run again and must pass again before it stands
 */
public record FindMaxSpec(
    Integer initialStep, Integer ceiling, double precision, int verifications) {

  /** maxUsers / this is the default ceiling: the users the live auctions are sized for. */
  public static final int MAX_USERS_PER_CEILING = 3;

  /** The ceiling for an instance whose data holds {@code maxUsers} users. */
  public int ceilingFor(int maxUsers) {
    int sized = Math.max(1, maxUsers / MAX_USERS_PER_CEILING);
    return ceiling == null ? sized : Math.min(ceiling, maxUsers);
  }

  /** The initial step for an instance whose data holds {@code maxUsers} users. */
  public int initialStepFor(int maxUsers) {
    int top = ceilingFor(maxUsers);
    return initialStep == null ? Math.max(1, top / 10) : Math.min(initialStep, top);
  }
}
