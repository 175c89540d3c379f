package dev.anemometer.harness.drive;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.LoadPathSpec;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.config.FindMaxSpec;
import dev.anemometer.harness.deploy.DeployedInstance;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The harness's strategy and load path of an instance, as the driver's load path spec. */
public final class LoadPaths {

  /** Like a browser: each simulated user opens at most four connections. */
  public static final int CONNECTIONS_PER_USER = 4;

  private static final int ACCOUNTS_PER_USER = 5;
  private static final long SEED = 42L;

  private LoadPaths() {}

  /** The load path of app instance {@code index}. */
  public static LoadPathSpec of(AnemometerConfig config, int index) {
    AppInstanceSpec instance = config.appInstances().get(index);
    return switch (config.strategy()) {
      case FIXED -> config.qos().fixedPath(instance.users());
      case INTERVAL -> instance.loadPath();
      case FIND_MAX -> findMax(config.findMax(), instance, index);
    };
  }

  /** The search with its own phases, up to the ceiling, from the instance's hint if it has one. */
  public static FindMaxLoadPathSpec findMax(
      FindMaxSpec search, AppInstanceSpec instance, int index) {
    int ceiling = search.ceilingFor(instance.maxUsers());
    return new FindMaxLoadPathSpec(
        search.initialStepFor(instance.maxUsers()),
        search.step(),
        search.rampUp(),
        search.warmUp(),
        search.qosPeriod(),
        search.precision(),
        search.verifications(),
        search.verificationPeriod(),
        ceiling,
        Math.min(search.hintFor(index), ceiling),
        search.marginalBand());
  }

  /** How long the load phase lasts, for the console; zero for findMax, whose length is open. */
  public static Duration length(AnemometerConfig config) {
    Duration longest = Duration.ZERO;
    for (AppInstanceSpec instance : config.appInstances()) {
      Duration length =
          switch (config.strategy()) {
            case FIXED -> config.qos().fixedLength();
            case INTERVAL -> instance.loadPath().totalDuration();
            case FIND_MAX -> Duration.ZERO;
          };
      longest = length.compareTo(longest) > 0 ? length : longest;
    }
    return longest;
  }

  /**
   * The run as the driver library sees it: what the in-process driver runs, and what listeners (the
   * elasticity runner) are told when the load starts on a target whose driver runs elsewhere.
   */
  public static RunSpec runSpec(AnemometerConfig config, List<DeployedInstance> instances) {
    List<TargetSpec> targets = new ArrayList<>();
    for (DeployedInstance instance : instances) {
      targets.add(
          new TargetSpec(
              "instance-" + instance.index(),
              users(config, instance.index(), instance.entryUrls().get(0)),
              LoadPaths.of(config, instance.index())));
    }
    return RunSpec.of(config.name(), targets, config.qos().rules());
  }

  /**
   * The simulated users of app instance {@code index}, wherever the driver runs: the default
   * behaviour, five accounts per user the instance may reach (from account 1), at most {@value
   * #CONNECTIONS_PER_USER} connections each, and a seed of its own.
   */
  public static UsersConfig users(AnemometerConfig config, int index, URI target) {
    AppInstanceSpec instance = config.appInstances().get(index);
    return new UsersConfig(
        target,
        "default",
        1,
        ACCOUNTS_PER_USER * instance.maxUsers(),
        CONNECTIONS_PER_USER,
        SEED + index);
  }
}
