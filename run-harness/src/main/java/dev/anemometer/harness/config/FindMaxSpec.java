package dev.anemometer.harness.config;

/**
 * The findMax search (SPEC §3.4), for every app instance. Its phases are those of {@code qos}: each
 * initial step lasts one interval; each probe ramps for rampUp, warms for warmUp and is judged over
 * one interval.
 *
 * @param initialStep users added per initial step; absent: a tenth of the ceiling
 * @param ceiling the most users the search tries; absent: 4/5 of each instance's maxUsers, the most
 *     at which the live auctions (maxUsers / 15, 12 followers each) keep the expected mix
 * @param precision percent: stop when (lowest fail − highest pass) / highest pass is below it
 * @param verifications how often the answer is run again and must pass again before it stands
 */
public record FindMaxSpec(
    Integer initialStep, Integer ceiling, double precision, int verifications) {

  /**
   * The default ceiling in percent of maxUsers: the data has maxUsers / 15 live auctions and the
   * driver lets 12 users follow each auction in play (behaviour key followers.usersPerAuction), so
   * up to 12 / 15 of maxUsers every user finds auctions sized for the expected mix.
   */
  public static final int DEFAULT_CEILING_PERCENT = 80;

  /** The ceiling for an instance whose data holds {@code maxUsers} users. */
  public int ceilingFor(int maxUsers) {
    int sized = (int) Math.max(1, (long) maxUsers * DEFAULT_CEILING_PERCENT / 100);
    return ceiling == null ? sized : Math.min(ceiling, maxUsers);
  }

  /** The initial step for an instance whose data holds {@code maxUsers} users. */
  public int initialStepFor(int maxUsers) {
    int top = ceilingFor(maxUsers);
    return initialStep == null ? Math.max(1, top / 10) : Math.min(initialStep, top);
  }
}
