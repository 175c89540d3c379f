package dev.anemometer.harness.config;

import java.util.List;

/** Checks the {@code driver} block against the target and the CPUs this machine offers. */
final class DriverValidator {

  private final List<String> errors;
  private final CpuList machineCpus;

  DriverValidator(List<String> errors, CpuList machineCpus) {
    this.errors = errors;
    this.machineCpus = machineCpus;
  }

  void validate(AnemometerConfig config) {
    CpuList cpus = config.driver().cpus();
    if (cpus == null) {
      return;
    }
    if (config.target() != null && config.target() != Target.LOCAL) {
      errors.add(
          "driver.cpus: only the local target pins cores; remove it for target "
              + config.target().configName());
      return;
    }
    CpuList missing = cpus.minus(machineCpus);
    if (!missing.isEmpty()) {
      errors.add(
          "driver.cpus: "
              + (missing.size() == 1 ? "cpu " + missing + " is" : "cpus " + missing + " are")
              + " not available (this machine has "
              + machineCpus
              + ")");
    } else if (machineCpus.minus(cpus).isEmpty()) {
      errors.add(
          "driver.cpus: leaves no core for the tiers (this machine has "
              + machineCpus
              + "; give the driver fewer)");
    }
  }
}
