package dev.anemometer.driver.behavior;

import java.net.URI;

/**
 * Everything needed to simulate the users of one target (one app instance, or one driver node's
 * slice of it).
 *
 * @param target entry URL of the system under test, e.g. {@code http://127.0.0.1:8080}
 * @param behavior a bundled behaviour name ({@code default}) or a path to a behaviour file
 * @param firstAccount number i of the first account of this slice ({@code user{i}@auction.test})
 * @param accounts how many accounts this slice may log in with (at least the peak user count)
 * @param maxConnectionsPerUser connection limit of each user's session, like a browser (4)
 * @param seed seed of every random choice, so that a run can be repeated
 * @param slices how many driver nodes share this target's users evenly (1 when alone)
 */
public record UsersConfig(
    URI target,
    String behavior,
    int firstAccount,
    int accounts,
    int maxConnectionsPerUser,
    long seed,
    int slices) {

  public UsersConfig {
    if (slices < 1) {
      throw new IllegalArgumentException("slices must be ≥ 1, was " + slices);
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
    this(target, behavior, firstAccount, accounts, maxConnectionsPerUser, seed, 1);
  }
}
