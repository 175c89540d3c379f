package dev.anemometer.harness.config;

import dev.anemometer.driver.loadpath.SegmentSpec;
import java.util.List;

/** Checks elasticity and fault schedules against the topology they act on. */
final class ScheduleValidator {

  private final List<String> errors;

  ScheduleValidator(List<String> errors) {
    this.errors = errors;
  }

  void validate(AnemometerConfig config) {
    List<ElasticitySpec.Step> schedule = config.elasticity().schedule();
    for (int i = 0; i < schedule.size(); i++) {
      validateStep(config, schedule.get(i), "elasticity.schedule[" + i + "]");
    }
    for (int i = 0; i < config.faults().size(); i++) {
      validateFault(config, config.faults().get(i), "faults[" + i + "]");
    }
    if (config.elasticity().reactive() != null) {
      validateReactive(config, config.elasticity().reactive(), "elasticity.reactive");
    }
  }

  private void validateReactive(
      AnemometerConfig config, ElasticitySpec.ReactiveSpec reactive, String path) {
    TiersSpec tiers = tiersOf(config, reactive.appInstanceIndex(), path + ".appInstance");
    if (tiers == null) {
      return;
    }
    int min = reactive.min() == null ? 1 : reactive.min();
    int max = reactive.max() == null ? 0 : reactive.max();
    if (max < min) {
      errors.add(path + ".max: is required, ≥ min (" + min + ")");
    }
    if (reactive.p99UpMillis() == null && reactive.cpuUp() == null) {
      errors.add(path + ": give p99UpMillis or cpuUp (when to add a server)");
    }
    if (reactive.p99UpMillis() != null
        && reactive.p99DownMillis() != null
        && reactive.p99DownMillis() >= reactive.p99UpMillis()) {
      errors.add(path + ".p99DownMillis: must be below p99UpMillis");
    }
    if (reactive.cpuUp() != null
        && reactive.cpuDown() != null
        && reactive.cpuDown() >= reactive.cpuUp()) {
      errors.add(path + ".cpuDown: must be below cpuUp");
    }
    requireBalancedApps(config, tiers, path);
  }

  /**
   * Locally, app servers join and leave through HAProxy's runtime API or, without HAProxy, through
   * nginx's upstreams: with neither, nothing can send users to a new server.
   */
  private void requireBalancedApps(AnemometerConfig config, TiersSpec tiers, String path) {
    if (config.target() == Target.LOCAL
        && !present(tiers, TierName.LB)
        && !present(tiers, TierName.WEB)) {
      errors.add(
          path
              + ": scaling the app tier on the local target needs lb: {impl: haproxy} or web:"
              + " {impl: nginx} (new servers join through HAProxy's runtime API or nginx's"
              + " upstreams)");
    }
  }

  private void validateStep(AnemometerConfig config, ElasticitySpec.Step step, String path) {
    if (step.tier() == null || step.tier() == TierName.DB) {
      errors.add(path + ".tier: must be one of: app, web, lb");
      return;
    }
    TiersSpec tiers = tiersOf(config, step.appInstanceIndex(), path + ".appInstance");
    if (tiers == null) {
      return;
    }
    if (step.instances() < (step.tier() == TierName.APP ? 1 : 0)) {
      errors.add(path + ".instances: must be ≥ " + (step.tier() == TierName.APP ? 1 : 0));
    }
    if (!present(tiers, step.tier())) {
      errors.add(
          path + ".tier: " + step.tier().configName() + " is not deployed (its impl is none)");
    } else if (step.tier() == TierName.APP) {
      requireBalancedApps(config, tiers, path);
    } else if (config.target() == Target.LOCAL) {
      errors.add(path + ".tier: the local target scales only the app tier");
    }
    if (step.segment() != null) {
      List<SegmentSpec> segments =
          config.appInstances().get(step.appInstanceIndex()).loadPath() == null
              ? List.of()
              : config.appInstances().get(step.appInstanceIndex()).loadPath().segments();
      if (step.segment() < 0 || step.segment() >= segments.size()) {
        errors.add(
            path
                + ".segment: must name one of the "
                + segments.size()
                + " load-path segments (0-based)");
      }
    }
  }

  private void validateFault(AnemometerConfig config, FaultSpec fault, String path) {
    int actions =
        (fault.kill() != null ? 1 : 0)
            + (fault.restart() != null ? 1 : 0)
            + (fault.pause() != null ? 1 : 0);
    if (actions != 1) {
      errors.add(
          path
              + ": give exactly one of kill, restart, pause (each names a tier: "
              + ConfigName.acceptedValues(TierName.class)
              + ")");
      return;
    }
    if (fault.pause() != null && (fault.duration() == null || fault.duration().isZero())) {
      errors.add(path + ".duration: is required with pause, a duration > 0");
    }
    TiersSpec tiers = tiersOf(config, fault.appInstanceIndex(), path + ".appInstance");
    if (tiers == null) {
      return;
    }
    if (!present(tiers, fault.tier())) {
      errors.add(path + ": tier " + fault.tier().configName() + " is not deployed");
      return;
    }
    int count = instances(tiers, fault.tier());
    if (fault.instanceIndex() < 0 || fault.instanceIndex() >= count) {
      errors.add(
          path
              + ".instance: must be between 0 and "
              + (count - 1)
              + " (the tier has "
              + count
              + " instance"
              + (count == 1 ? "" : "s")
              + " at the start)");
    }
  }

  private TiersSpec tiersOf(AnemometerConfig config, int index, String path) {
    if (index < 0 || index >= config.appInstances().size()) {
      errors.add(path + ": must be between 0 and " + (config.appInstances().size() - 1));
      return null;
    }
    return config.appInstances().get(index).tiers();
  }

  private static boolean present(TiersSpec tiers, TierName tier) {
    return switch (tier) {
      case WEB -> tiers.web() != null && tiers.web().impl() != WebImpl.NONE;
      case LB -> tiers.lb() != null && tiers.lb().impl() != LbImpl.NONE;
      case APP, DB -> true;
    };
  }

  private static int instances(TiersSpec tiers, TierName tier) {
    return switch (tier) {
      case WEB -> tiers.web().instances();
      case LB -> tiers.lb().instances();
      case APP -> tiers.app().instances();
      case DB -> 1;
    };
  }
}
