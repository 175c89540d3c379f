package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.spec.QosPhases;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import java.util.List;

/**
 * A whole benchmark configuration (SPEC §4.2), after layering: built-in defaults, size preset,
 * file, {@code --set}. Names are the contract of the YAML file.
 */
public record AnemometerConfig(
    @ConfigDefault("preset name")
        @JsonPropertyDescription("names the results folder; letters, digits, `.`, `_`, `-` (≤ 80)")
        String name,
    @ConfigDefault("`quickstart`")
        @JsonPropertyDescription(
            "`quickstart`, `local`, `soak`, `micro`, `xsmall`, `small` (see "
                + "`./anemometer presets`)")
        String preset,
    @ConfigDefault("`local`")
        @JsonPropertyDescription(
            "`local`, `compose` or `kubernetes` (also `--target NAME` on the "
                + "command line); see [deploying.md](deploying.md)")
        Target target,
    @ConfigDefault("`fixed`")
        @JsonPropertyDescription(
            "`fixed` (pass/fail at `users`), `interval` (the `loadPath`), `findMax` (peak users)")
        Strategy strategy,
    @ConfigDefault("`1`")
        @JsonPropertyDescription(
            "runs of the same config; with ≥ 2 the result reports mean, spread, sd "
                + "and coefficient of variation of the peak users (findMax) or judged "
                + "throughput, in `results/<stamp>-<name>-repeats/repeats.json` "
                + "(`--repeat N` overrides; `--until-cv` replaces it, see below)")
        @Min(1)
        Integer repeat,
    @ConfigDefault("from the preset")
        @JsonPropertyDescription(
            "one entry per deployment of the app, each with its own data, tiers, tuning and load")
        List<@Valid AppInstanceSpec> appInstances,
    @ConfigDefault("see below") @JsonPropertyDescription("judging and phase lengths") QosPhases qos,
    @ConfigDefault("see below")
        @JsonPropertyDescription("the peak-user search of `strategy: findMax`")
        @Valid
        FindMaxSpec findMax,
    @ConfigDefault("no changes")
        @JsonPropertyDescription(
            "tier size changes during the run: a `schedule`, a `reactive` policy, or both (see below)")
        @Valid
        ElasticitySpec elasticity,
    @ConfigDefault("`[]`") @JsonPropertyDescription("failures injected during the run")
        List<@Valid FaultSpec> faults,
    @ConfigDefault("in the harness, sharing every core")
        @JsonPropertyDescription("the workload driver: its cores, or worker JVMs (see below)")
        @Valid
        DriverSpec driver,
    @ConfigDefault("off")
        @JsonPropertyDescription(
            "resources sampled during the load, leaks and p99 drift judged (see "
                + "below and [soak.md](soak.md))")
        @Valid
        SoakSpec soak,
    @ConfigDefault("strict") @JsonPropertyDescription("the bid audit after the load (see below)")
        AuditSpec audit) {

  public AnemometerConfig {
    name = name == null ? "anemometer" : name;
    target = target == null ? Target.LOCAL : target;
    strategy = strategy == null ? Strategy.FIXED : strategy;
    repeat = repeat == null ? 1 : repeat;
    qos = qos == null ? QosPhases.DEFAULTS : qos;
    appInstances = appInstances == null ? List.of() : List.copyOf(appInstances);
    faults = faults == null ? List.of() : List.copyOf(faults);
    elasticity = elasticity == null ? new ElasticitySpec(List.of()) : elasticity;
    findMax = findMax == null ? new FindMaxSpec(null, null, null, null) : findMax;
    driver = driver == null ? DriverSpec.SHARED : driver;
    soak = soak == null ? SoakSpec.OFF : soak;
    audit = audit == null ? AuditSpec.STRICT : audit;
  }

  /**
   * Whether tiers change while the load runs (an elasticity schedule or rule, faults): such a run
   * needs the elasticity runner and the driver's short stats intervals.
   */
  public boolean changesTiersDuringLoad() {
    return !elasticity.schedule().isEmpty() || elasticity.reactive() != null || !faults.isEmpty();
  }

  /** The same configuration under another name (a variant of an experiment). */
  public AnemometerConfig withName(String newName) {
    return new AnemometerConfig(
        newName,
        preset,
        target,
        strategy,
        repeat,
        appInstances,
        qos,
        findMax,
        elasticity,
        faults,
        driver,
        soak,
        audit);
  }

  /** The same configuration with another findMax search (a resolved hint). */
  public AnemometerConfig withFindMax(FindMaxSpec search) {
    return new AnemometerConfig(
        name,
        preset,
        target,
        strategy,
        repeat,
        appInstances,
        qos,
        search,
        elasticity,
        faults,
        driver,
        soak,
        audit);
  }
}
