package dev.anemometer.harness.elasticity;

import dev.anemometer.driver.loadpath.SegmentSpec;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ElasticitySpec;
import java.util.List;

/** When each step of the schedule is due, from the start of the load. */
public final class ScheduleTimes {

  private ScheduleTimes() {}

  public static long dueMillis(AnemometerConfig config, ElasticitySpec.Step step) {
    long at = step.at() == null ? 0 : step.at().toMillis();
    if (step.segment() == null) {
      return at;
    }
    var loadPath = config.appInstances().get(step.appInstanceIndex()).loadPath();
    List<SegmentSpec> segments = loadPath == null ? List.of() : loadPath.segments();
    long start = 0;
    for (int i = 0; i < step.segment() && i < segments.size(); i++) {
      start += segments.get(i).length().toMillis();
    }
    return start + at;
  }

  /** The most app servers instance {@code index} may need: initial, scheduled and reactive. */
  public static int maxAppServers(AnemometerConfig config, int index) {
    int max = config.appInstances().get(index).tiers().app().instances();
    for (ElasticitySpec.Step step : config.elasticity().schedule()) {
      if (step.appInstanceIndex() == index
          && step.tier() == dev.anemometer.harness.config.TierName.APP) {
        max = Math.max(max, step.instances());
      }
    }
    ElasticitySpec.ReactiveSpec reactive = config.elasticity().reactive();
    if (reactive != null && reactive.appInstanceIndex() == index && reactive.max() != null) {
      max = Math.max(max, reactive.max());
    }
    return max;
  }
}
