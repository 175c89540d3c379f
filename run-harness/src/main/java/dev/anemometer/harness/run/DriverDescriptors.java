package dev.anemometer.harness.run;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.drive.LoadPaths;
import java.util.OptionalLong;

/**
 * Holds findMax's ceiling to the users whose connections the driver can open. Every simulated user
 * keeps up to {@value LoadPaths#CONNECTIONS_PER_USER} connections open, each a file descriptor of
 * the driver's process; beyond its open-file limit a connect fails in the driver (EMFILE), and a
 * probe there measures the driver, not the platform. The ceiling the search may reach is lowered to
 * what the limit holds, with a notice, and the lowered ceiling is saved with the run's
 * configuration, so the summary's "peak at the ceiling" names its cause.
 */
final class DriverDescriptors {

  /** Descriptors the driver's JVM keeps for its jars, logs, results files and control sockets. */
  static final int RESERVED = 300;

  private DriverDescriptors() {}

  /**
   * @param openFilesLimit the limit of the driver's processes on this host, as the target tells it;
   *     empty where they do not run here
   */
  static AnemometerConfig resolve(
      AnemometerConfig config, OptionalLong openFilesLimit, Console console) {
    Integer held =
        openFilesLimit.isPresent() ? usersHeld(config, openFilesLimit.getAsLong()) : null;
    if (held == null) {
      return config;
    }
    int lowest = Integer.MAX_VALUE;
    int highest = 0;
    for (AppInstanceSpec instance : config.appInstances()) {
      int ceiling = config.findMax().ceilingFor(instance.maxUsers());
      lowest = Math.min(lowest, ceiling);
      highest = Math.max(highest, ceiling);
    }
    if (held >= highest) {
      return config;
    }
    int ceiling = Math.max(1, Math.min(held, lowest));
    console.notice(
        "findMax ceiling lowered to "
            + ceiling
            + " users per instance: the driver's open-file limit ("
            + openFilesLimit.getAsLong()
            + ") holds the connections of about "
            + held
            + " users each ("
            + LoadPaths.CONNECTIONS_PER_USER
            + " per user); raise it with ulimit -n, or run the users in more driver workers"
            + " (driver.workers)");
    return config.withFindMax(config.findMax().withCeiling(ceiling));
  }

  /**
   * The users per app instance whose connections the driver's processes on this host hold, or null
   * when the limit does not apply: not findMax, or workers started elsewhere.
   */
  static Integer usersHeld(AnemometerConfig config, long openFilesLimit) {
    if (config.strategy() != Strategy.FIND_MAX
        || openFilesLimit <= 0
        || openFilesLimit == Long.MAX_VALUE) {
      return null;
    }
    int driverProcesses = 1;
    if (config.driver().usesWorkers()) {
      if (!config.driver().workers().startsLocally()) {
        return null;
      }
      driverProcesses = config.driver().workers().size();
    }
    long perProcess = Math.max(0, openFilesLimit - RESERVED) / LoadPaths.CONNECTIONS_PER_USER;
    long perInstance = perProcess * driverProcesses / config.appInstances().size();
    return (int) Math.min(Integer.MAX_VALUE, perInstance);
  }
}
