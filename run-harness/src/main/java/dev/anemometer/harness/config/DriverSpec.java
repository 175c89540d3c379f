package dev.anemometer.harness.config;

/**
 * The workload driver that runs inside the harness (SPEC §4.2 {@code driver}).
 *
 * @param cpus the CPUs the driver keeps to itself on the local target, the tiers getting every
 *     other one; absent: the driver and the tiers share every core
 */
public record DriverSpec(CpuList cpus) {

  /** No block in the config: the driver shares every core with the tiers. */
  public static final DriverSpec SHARED = new DriverSpec(null);

  public boolean pinsCores() {
    return cpus != null;
  }
}
