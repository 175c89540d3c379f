package dev.anemometer.harness.config;

import dev.anemometer.driver.spec.QosPhases;
import java.util.List;

/**
 * A whole benchmark configuration (SPEC §4.2), after layering: built-in defaults, size preset,
 * file, {@code --set}. Names are the contract of the YAML file.
 */
public record AnemometerConfig(
    String name,
    String preset,
    Target target,
    Strategy strategy,
    int repeat,
    List<AppInstanceSpec> appInstances,
    QosPhases qos,
    FindMaxSpec findMax,
    ElasticitySpec elasticity,
    List<FaultSpec> faults,
    DriverSpec driver,
    SoakSpec soak,
    AuditSpec audit) {

  public AnemometerConfig {
    appInstances = appInstances == null ? List.of() : List.copyOf(appInstances);
    faults = faults == null ? List.of() : List.copyOf(faults);
    elasticity = elasticity == null ? new ElasticitySpec(List.of()) : elasticity;
    findMax = findMax == null ? new FindMaxSpec(null, null, null, null) : findMax;
    driver = driver == null ? DriverSpec.SHARED : driver;
    soak = soak == null ? SoakSpec.OFF : soak;
    audit = audit == null ? AuditSpec.STRICT : audit;
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
