package dev.anemometer.driver.behavior;

import java.net.URI;

/**
 * Everything needed to simulate the users of one target (one app instance, or one driver node's
 * slice of it).
 *
 * <p>The target's users are numbered from 0, user {@code n} logging in with account {@code
 * firstAccount + n} and drawing its choices from a random stream of its own number. A slice of
 * {@code slices} takes every {@code slices}-th of them, from user {@code slice} on: its users are
 * those of the whole target, so that a run split across driver nodes runs the very users, accounts
 * and choices of the same run on one node, and the nodes' users still never share an account.
 *
 * @param target entry URL of the system under test, e.g. {@code http://127.0.0.1:8080}
 * @param behavior a bundled behaviour name ({@code default}) or a path to a behaviour file
 * @param firstAccount number i of the target's first account ({@code user{i}@auction.test})
 * @param accounts how many accounts the target's users may log in with (at least the peak user
 *     count); a slice uses every {@code slices}-th of them
 * @param maxConnectionsPerUser connection limit of each user's session, like a browser (4)
 * @param seed seed of every random choice, so that a run can be repeated
 * @param slices how many driver nodes share this target's users evenly (1 when alone)
 * @param slice this node's place among them, from 0
 */
public record UsersConfig(
    URI target,
    String behavior,
    int firstAccount,
    int accounts,
    int maxConnectionsPerUser,
    long seed,
    int slices,
    int slice) {

  public UsersConfig {
    if (slices < 1) {
      throw new IllegalArgumentException("slices must be ≥ 1, was " + slices);
    }
    if (slice < 0 || slice >= slices) {
      throw new IllegalArgumentException(
          "slice must be ≥ 0 and < slices (" + slices + "), was " + slice);
    }
  }

  /** The users of a target driven by one node alone. */
  public UsersConfig(
      URI target,
      String behavior,
      int firstAccount,
      int accounts,
      int maxConnectionsPerUser,
      long seed) {
    this(target, behavior, firstAccount, accounts, maxConnectionsPerUser, seed, 1, 0);
  }

  /** The users of this slice: its share of the target's accounts. */
  public int sliceUsers() {
    return accounts > slice ? (accounts - slice + slices - 1) / slices : 0;
  }

  /** The target's number of this slice's user {@code index}. */
  public int userNumber(int index) {
    return slice + slices * index;
  }

  /** The account of this slice's user {@code index}. */
  public int account(int index) {
    return firstAccount + userNumber(index);
  }
}
