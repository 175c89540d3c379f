package dev.anemometer.harness.config;

import java.util.List;

/**
 * The checks every {@code cpus} key shares, the driver's and each tier's: cores are pinned only on
 * the local target, and only cores this machine has.
 */
final class PinnedCpusCheck {

  private final List<String> errors;
  private final CpuList machineCpus;

  PinnedCpusCheck(List<String> errors, CpuList machineCpus) {
    this.errors = errors;
    this.machineCpus = machineCpus;
  }

  CpuList machineCpus() {
    return machineCpus;
  }

  /**
   * Adds the first error of the key at {@code path}, if any.
   *
   * @return whether the key passed (its own checks may follow)
   */
  boolean passes(AnemometerConfig config, String path, CpuList cpus) {
    if (config.target() != null && config.target() != Target.LOCAL) {
      errors.add(
          path
              + ": only the local target pins cores; remove it for target "
              + config.target().configName());
      return false;
    }
    CpuList missing = cpus.minus(machineCpus);
    if (!missing.isEmpty()) {
      errors.add(
          path + ": " + cpusAre(missing) + " not available (this machine has " + machineCpus + ")");
      return false;
    }
    return true;
  }

  /** "cpu 3 is" or "cpus 2-3 are", for messages about some cores. */
  static String cpusAre(CpuList cpus) {
    return cpus.size() == 1 ? "cpu " + cpus + " is" : "cpus " + cpus + " are";
  }
}
