package dev.anemometer.harness.deploygen;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.DriverPods;
import dev.anemometer.harness.config.LbImpl;
import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.config.WebImpl;
import dev.anemometer.harness.tuning.TierTuning;
import dev.anemometer.harness.tuning.TuningCalculator;

/**
 * One app instance as containers see it: which tiers exist, how many of each, and their resolved
 * tuning. Compose and Kubernetes files are both rendered from it, so they cannot drift apart.
 *
 * @param instanceName the value of the {@code anemometer.dev/instance} label ({@code instance-0})
 * @param maxAppServers app servers at the busiest point of the elasticity schedule
 * @param driverWorkers driver worker pods, enough for the most users of the run
 * @param driverPods their resources and spread
 */
public record StackModel(
    String presetName,
    String instanceName,
    int users,
    int maxUsers,
    int webReplicas,
    int lbReplicas,
    int appReplicas,
    int maxAppServers,
    int driverWorkers,
    DriverPods driverPods,
    TierTuning tuning) {

  /**
   * The memory a container platform gives PostgreSQL by default (a quarter of this): a fixed figure
   * rather than this host's, so that the generated files are the same on every machine.
   */
  public static final long REFERENCE_NODE_MEMORY_BYTES = 8L << 30;

  public static StackModel of(
      AnemometerConfig config, int appInstanceIndex, TuningCalculator calc) {
    AppInstanceSpec instance = config.appInstances().get(appInstanceIndex);
    TierTuning tuning = calc.compute(config, appInstanceIndex);
    int users = instance.peakUsers(config.strategy(), config.findMax());
    int appReplicas = instance.tiers().app().instances();
    int maxAppServers = appReplicas;
    for (var step : config.elasticity().schedule()) {
      if (step.tier() == TierName.APP && step.appInstanceIndex() == appInstanceIndex) {
        maxAppServers = Math.max(maxAppServers, step.instances());
      }
    }
    return new StackModel(
        config.preset(),
        "instance-" + appInstanceIndex,
        users,
        instance.maxUsers(),
        instance.tiers().web().impl() == WebImpl.NONE ? 0 : instance.tiers().web().instances(),
        instance.tiers().lb().impl() == LbImpl.NONE ? 0 : instance.tiers().lb().instances(),
        appReplicas,
        maxAppServers,
        config.driver().podsOrDefaults().podsFor(users),
        config.driver().podsOrDefaults(),
        tuning);
  }

  public boolean hasWeb() {
    return webReplicas > 0;
  }

  public boolean hasLb() {
    return lbReplicas > 0;
  }

  /** The host and port the web tier forwards to: the load balancer, or the app servers. */
  public String webUpstream(String appHost) {
    return hasLb() ? "haproxy:8080" : appHost + ":8080";
  }

  /** The service users enter through. */
  public String entryHost() {
    return hasWeb() ? "nginx" : hasLb() ? "haproxy" : "app";
  }

  /** App container memory: the heap plus room for metaspace, threads and direct buffers. */
  public long appMemoryMegabytes() {
    return tuning.app().heapMegabytes() + 512;
  }

  /** PostgreSQL container memory: the memory its shares were cut from, plus the postmaster. */
  public long postgresMemoryMegabytes() {
    return tuning.postgres().memoryMegabytes() + 256;
  }
}
