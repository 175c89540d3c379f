package dev.anemometer.harness.config;

import java.util.List;

/**
 * The check every {@code cpus} key shares, the driver's and each tier's: cores are pinned only on
 * the local target. Whether this machine has them is the target's to say ({@link HostCpusCheck}).
 */
final class PinnedCpusCheck {

  private final List<String> errors;

  PinnedCpusCheck(List<String> errors) {
    this.errors = errors;
  }

  /**
   * Adds the first error of the key at {@code path}, if any.
   *
   * @return whether the key passed (its own checks may follow)
   */
  boolean passes(AnemometerConfig config, String path) {
    if (config.target() != null && config.target() != Target.LOCAL) {
      errors.add(
          path
              + ": only the local target pins cores; remove it for target "
              + config.target().configName());
      return false;
    }
    return true;
  }

  /** "cpu 3 is" or "cpus 2-3 are", for messages about some cores. */
  static String cpusAre(CpuList cpus) {
    return cpus.size() == 1 ? "cpu " + cpus + " is" : "cpus " + cpus + " are";
  }
}
