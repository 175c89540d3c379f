package dev.anemometer.harness.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The cores a configuration pins, against the machine the local target runs on: every core named
 * must be one this harness may use, and the driver's must leave the tiers one. A configuration is
 * validated the same on every machine; these checks are the local target's, before it starts
 * anything.
 */
public final class HostCpusCheck {

  private HostCpusCheck() {}

  /** One line per key that names a core {@code machine} lacks, each starting with its path. */
  public static List<String> errors(AnemometerConfig config, CpuList machine) {
    List<String> errors = new ArrayList<>();
    CpuList driver = config.driver().cpus();
    if (driver != null && available(errors, "driver.cpus", driver, machine)) {
      if (machine.minus(driver).isEmpty()) {
        errors.add(
            "driver.cpus: leaves no core for the tiers (this machine has "
                + machine
                + "; give the driver fewer)");
      }
    }
    for (int i = 0; i < config.appInstances().size(); i++) {
      TiersSpec tiers = config.appInstances().get(i).tiers();
      String path = "appInstances[" + i + "].tiers.";
      tiers
          .cpusByTier()
          .forEach((tier, cpus) -> available(errors, path + tier + ".cpus", cpus, machine));
    }
    return errors;
  }

  private static boolean available(
      List<String> errors, String path, CpuList cpus, CpuList machine) {
    CpuList missing = cpus.minus(machine);
    if (missing.isEmpty()) {
      return true;
    }
    errors.add(
        path
            + ": "
            + PinnedCpusCheck.cpusAre(missing)
            + " not available (this machine has "
            + machine
            + ")");
    return false;
  }
}
