package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The workload driver of a run (SPEC §4.2 {@code driver}).
 *
 * @param cpus the CPUs the driver keeps to itself on the local target, the tiers getting every
 *     other one; absent: the last quarter of a machine of four cores or more, else every core
 *     shared
 * @param workers worker JVMs that run the users, the harness acting as their controller; absent:
 *     the users run in the harness's own JVM
 * @param token the bearer token of workers started elsewhere; read from the file but never written
 *     back (the resolved config is saved with the results), else {@value #TOKEN_VARIABLE}
 * @param precedence the driver first for the cores, so that it does not wait behind the tiers for
 *     one: on the local target the tier processes run 10 nice levels below the driver, their
 *     sessions too (decision 0011); on compose the harness's session runs 10 levels above the
 *     containers' when it may (decision 0023); absent: true
 * @param pods the worker pods of the kubernetes target; absent: {@link DriverPods#DEFAULTS}
 */
public record DriverSpec(
    CpuList cpus,
    WorkersSpec workers,
    @JsonProperty(access = JsonProperty.Access.WRITE_ONLY) String token,
    Boolean precedence,
    DriverPods pods) {

  /** The environment variable the driver's own command line reads its token from too. */
  public static final String TOKEN_VARIABLE = "ANEMOMETER_DRIVER_TOKEN";

  /** No block in the config: the driver runs in the harness and shares every core. */
  public static final DriverSpec SHARED = new DriverSpec(null, null, null, null, null);

  public DriverSpec(CpuList cpus) {
    this(cpus, null, null, null, null);
  }

  /** The worker pods as configured, else the defaults. */
  public DriverPods podsOrDefaults() {
    return pods == null ? DriverPods.DEFAULTS : pods;
  }

  /** Whether the driver comes first for the cores: unless {@code precedence: false}. */
  public boolean tiersBelowDriver() {
    return precedence == null || precedence;
  }

  /** The same driver on {@code own} cores. */
  public DriverSpec withCpus(CpuList own) {
    return new DriverSpec(own, workers, token, precedence, pods);
  }

  public boolean pinsCores() {
    return cpus != null;
  }

  /** True when the users run in worker JVMs rather than in the harness. */
  public boolean usesWorkers() {
    return workers != null;
  }

  /** The token for workers started elsewhere: the config's, else the environment's, else none. */
  public String workersToken() {
    if (token != null && !token.isBlank()) {
      return token;
    }
    String fromEnvironment = System.getenv(TOKEN_VARIABLE);
    return fromEnvironment == null || fromEnvironment.isBlank() ? null : fromEnvironment;
  }
}
