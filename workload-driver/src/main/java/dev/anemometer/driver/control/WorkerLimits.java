package dev.anemometer.driver.control;

import dev.anemometer.driver.behavior.UsersConfig;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a worker agrees to load, whoever asks: targets on loopback or named by its operator, and no
 * more users and connections than it was started for. A controller that is wrong, or not the
 * operator's, cannot aim the worker at another host or make it flood one.
 *
 * <p>Target names are compared as written, never resolved: a name the request chooses could resolve
 * to anything by the time the users connect.
 *
 * @param allowedHosts host names and address literals besides loopback, lower case
 * @param maxUsers the most users of all targets together (the accounts of this worker's slices)
 * @param maxConnectionsPerUser the most connections one user may open
 */
public record WorkerLimits(Set<String> allowedHosts, int maxUsers, int maxConnectionsPerUser) {

  public static final int DEFAULT_MAX_USERS = 100_000;
  public static final int DEFAULT_MAX_CONNECTIONS_PER_USER = 16;

  /** Loopback targets only, default caps. */
  public static final WorkerLimits LOOPBACK =
      new WorkerLimits(Set.of(), DEFAULT_MAX_USERS, DEFAULT_MAX_CONNECTIONS_PER_USER);

  public WorkerLimits {
    if (maxUsers < 1) {
      throw new IllegalArgumentException("--max-users: must be ≥ 1, was " + maxUsers);
    }
    if (maxConnectionsPerUser < 1) {
      throw new IllegalArgumentException(
          "--max-connections-per-user: must be ≥ 1, was " + maxConnectionsPerUser);
    }
    allowedHosts = normalized(allowedHosts);
  }

  /**
   * @throws IllegalArgumentException naming {@code field} when the target is not allowed
   */
  void checkTarget(String field, URI target) {
    if (target == null) {
      throw new IllegalArgumentException(field + ": missing");
    }
    String scheme = target.getScheme();
    if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme)) {
      throw new IllegalArgumentException(field + ": must be an http or https URL");
    }
    String host = target.getHost();
    if (host == null) {
      throw new IllegalArgumentException(field + ": has no host");
    }
    if (!allowed(host.toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException(
          field
              + ": host '"
              + host
              + "' is not a target of this worker (loopback, and those its --allow-target names)");
    }
  }

  /**
   * @throws IllegalArgumentException naming the field over its cap
   */
  void checkUsers(String field, UsersConfig users, int usersSoFar) {
    if (users.maxConnectionsPerUser() > maxConnectionsPerUser) {
      throw new IllegalArgumentException(
          field
              + ".maxConnectionsPerUser: "
              + users.maxConnectionsPerUser()
              + " is over this worker's cap of "
              + maxConnectionsPerUser
              + " (--max-connections-per-user)");
    }
    if (users.accounts() < 0) {
      throw new IllegalArgumentException(field + ".accounts: must be ≥ 0");
    }
    if ((long) usersSoFar + users.sliceUsers() > maxUsers) {
      throw new IllegalArgumentException(
          field
              + ".accounts: "
              + (usersSoFar + (long) users.sliceUsers())
              + " users on this worker are over its cap of "
              + maxUsers
              + " (--max-users)");
    }
  }

  private boolean allowed(String host) {
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    return allowedHosts.contains(bare) || "localhost".equals(bare) || isLoopbackLiteral(bare);
  }

  private static boolean isLoopbackLiteral(String host) {
    if (!host.contains(":") && !host.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
      return false;
    }
    try {
      // A literal: parsed, not looked up.
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static Set<String> normalized(Collection<String> hosts) {
    Set<String> result = new HashSet<>();
    for (String host : hosts) {
      String lower = host.trim().toLowerCase(Locale.ROOT);
      if (lower.startsWith("[") && lower.endsWith("]")) {
        lower = lower.substring(1, lower.length() - 1);
      }
      if (!lower.isEmpty()) {
        result.add(lower);
      }
    }
    return Set.copyOf(result);
  }
}
