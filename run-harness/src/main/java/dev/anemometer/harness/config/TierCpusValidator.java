package dev.anemometer.harness.config;

import java.util.List;

/**
 * Checks every tier's {@code cpus} against the target and the driver's: a tier pins cores only on
 * the local target, only where the harness starts its processes, and never on the cores the driver
 * keeps to itself.
 */
final class TierCpusValidator {

  private final List<String> errors;
  private final PinnedCpusCheck pinned;

  TierCpusValidator(List<String> errors) {
    this.errors = errors;
    this.pinned = new PinnedCpusCheck(errors);
  }

  void validate(AnemometerConfig config) {
    for (int i = 0; i < config.appInstances().size(); i++) {
      TiersSpec tiers = config.appInstances().get(i).tiers();
      if (tiers == null) {
        continue; // the instance's own validation says so
      }
      String path = "appInstances[" + i + "].tiers.";
      tiers.cpusByTier().forEach((tier, cpus) -> validate(config, path + tier + ".cpus", cpus));
      if (tiers.db() != null && tiers.db().cpus() != null && tiers.db().impl() != DbImpl.EMBEDDED) {
        errors.add(
            "appInstances["
                + i
                + "].tiers.db.cpus: only the embedded PostgreSQL is started by the harness; pin "
                + tiers.db().impl().configName()
                + " where it runs, or remove the key");
      }
    }
  }

  private void validate(AnemometerConfig config, String path, CpuList cpus) {
    if (!pinned.passes(config, path)) {
      return;
    }
    CpuList driver = config.driver() == null ? null : config.driver().cpus();
    if (driver != null) {
      CpuList shared = cpus.minus(cpus.minus(driver));
      if (!shared.isEmpty()) {
        errors.add(
            path
                + ": "
                + PinnedCpusCheck.cpusAre(shared)
                + " the driver's (driver.cpus "
                + driver
                + "); a tier runs on the other cores");
      }
    }
  }
}
