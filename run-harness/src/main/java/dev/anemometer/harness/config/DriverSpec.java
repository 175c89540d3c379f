package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.Valid;

/** The workload driver of a run (SPEC §4.2 {@code driver}). */
public record DriverSpec(
    @ConfigDefault(
            "on a machine of 4 cores or more (local target, users in the harness's "
                + "JVM, no tier pinned by hand): the last quarter of its cores, at least "
                + "one; on smaller machines none: driver and tiers share every core, the "
                + "driver keeping its precedence")
        @JsonPropertyDescription(
            "a Linux CPU list (`1`, `0-1`, `2,3`, `0-3,6`): the cores the driver "
                + "keeps to itself; the tiers run on all the others")
        CpuList cpus,
    @ConfigDefault("none: the users run in the harness's JVM")
        @JsonPropertyDescription(
            "`N` (≥ 1): start N worker JVMs on this host; `[host:port, …]`: use "
                + "workers started elsewhere. Either way the harness is their controller "
                + "(see [Workers](#workers))")
        WorkersSpec workers,
    @ConfigDefault("`ANEMOMETER_DRIVER_TOKEN`, else none")
        @JsonPropertyDescription(
            "the bearer token of workers given as `host:port`; never written to the saved `config.yaml`")
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
        String token,
    @ConfigDefault("`true`")
        @JsonPropertyDescription(
            "the driver first for the cores, so that it does not wait behind the "
                + "tiers for one. Local target: every tier process runs 10 nice levels "
                + "below the driver, and so do the sessions the tiers and their children "
                + "lead (PostgreSQL backends) ([decision "
                + "0011](decisions/0011-the-driver-first-for-the-cpu.md)); needs no "
                + "privilege. Compose target: the harness's own session runs 10 nice "
                + "levels above the containers during the run and is put back after "
                + "([decision 0023](decisions/0023-the-driver-first-on-compose.md)); "
                + "needs root (CAP_SYS_NICE) and a harness in the root CPU cgroup, else "
                + "the console says why it did not apply. `false`: all at one priority. "
                + "An error on kubernetes")
        Boolean precedence,
    @ConfigDefault("see below")
        @JsonPropertyDescription("kubernetes only: the driver's worker pods")
        @Valid
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
