package dev.anemometer.driver.operation;

/**
 * How many live auctions the users of one target take part in: {@code round(active users /
 * usersPerAuction)}, the first ones of the live list. Rounded to the nearest count, so that the
 * users per auction stay as close to {@code usersPerAuction} as a whole count allows (at 100 users
 * and 12 per auction: 8 auctions of 12.5 users, not 9 of 11.1). Keeping the users per auction
 * constant keeps the followers per auction, and with them the GetNextBid share of the mix, the same
 * at any user count: without it, a findMax probe at a tenth of the data size spreads its users so
 * thin that hardly any bid wakes a follower, and one at the data size crowds them.
 *
 * <p>Written by the load path's thread, read by the users' event loops: a volatile count. A slice
 * of a distributed run counts its share of the target's users, so {@code slices} scales it up.
 */
public final class AuctionsInPlay {

  private final double usersPerAuction;
  private final int slices;
  private final int minimum;
  private volatile int activeUsers;

  /**
   * @param usersPerAuction active users per auction in play; infinite: every live auction
   * @param slices how many driver nodes share the target's users evenly (1 when alone)
   * @param minimum never fewer in play: a user must be able to follow as many as it may
   */
  public AuctionsInPlay(double usersPerAuction, int slices, int minimum) {
    if (!(usersPerAuction >= 1)) {
      throw new IllegalArgumentException("usersPerAuction must be ≥ 1, was " + usersPerAuction);
    }
    if (slices < 1) {
      throw new IllegalArgumentException("slices must be ≥ 1, was " + slices);
    }
    if (minimum < 1) {
      throw new IllegalArgumentException("minimum must be ≥ 1, was " + minimum);
    }
    this.usersPerAuction = usersPerAuction;
    this.slices = slices;
    this.minimum = minimum;
  }

  /** Every live auction is in play. */
  public static AuctionsInPlay all() {
    return new AuctionsInPlay(Double.POSITIVE_INFINITY, 1, 1);
  }

  public void activeUsers(int users) {
    this.activeUsers = users;
  }

  /** The count in play given the target's live auctions (unknown: negative). */
  long count(long liveAuctions) {
    if (Double.isInfinite(usersPerAuction)) {
      return liveAuctions < 0 ? Long.MAX_VALUE : liveAuctions;
    }
    long inPlay = Math.max(minimum, Math.round((double) activeUsers * slices / usersPerAuction));
    return liveAuctions < 0 ? inPlay : Math.min(inPlay, liveAuctions);
  }

  /** Whether the auction at {@code rank} (0-based, in the live list's order) is in play. */
  boolean inPlay(long rank, long liveAuctions) {
    return rank < count(liveAuctions);
  }
}
