package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.AppInstanceSpec;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverPlacement;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.json.EventLog;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code local} target: every tier of every app instance as processes on loopback ports, in the
 * order of SPEC §4.5 (database, data, app servers, load balancers, web servers). If anything fails
 * midway, everything started so far is stopped before the error is passed on.
 */
public final class LocalDeployment implements DeployedStack {

  /** The names {@link InstanceStarter} gives the tier processes: instance-0-app-1. */
  private static final Pattern TIER_PROCESS =
      Pattern.compile("instance-(\\d+)-(postgres|app|haproxy|nginx)(-\\d+)?");

  private static final Map<String, String> TIERS =
      Map.of("postgres", "db", "app", "app", "haproxy", "lb", "nginx", "web");

  /** Prepares an instance's database before its app servers start (check, load, reset). */
  @FunctionalInterface
  public interface DataPreparer {
    void prepare(int appInstance, AppInstanceSpec spec, DatabaseEndpoint database);
  }

  /** Where rendered configs and logs go: the results folder of a run, or of a deployment. */
  public record Output(Path tuningDir, Path logsDir) {}

  private final ProcessGroup processes = new ProcessGroup();
  private final List<DeployedInstance> instances = new ArrayList<>();
  private final List<LocalTiers> tiers = new ArrayList<>();
  private final CorePlacement cores;

  private LocalDeployment(CorePlacement cores) {
    this.cores = cores;
  }

  public static LocalDeployment start(
      AnemometerConfig config,
      LocalPaths paths,
      Output output,
      TuningCalculator calculator,
      DataPreparer data,
      Console console) {
    return startEach(
        config,
        paths,
        output,
        calculator,
        console,
        (deployment, starter, index) -> {
          deployment.instances.add(starter.start(data));
          deployment.tiers.add(starter.tiers());
        });
  }

  /**
   * Only the database of each app instance, for {@code load-data} and {@code reset-data}; the
   * returned deployment's instances have no entry URLs.
   */
  public static LocalDeployment startDatabases(
      AnemometerConfig config,
      LocalPaths paths,
      Output output,
      TuningCalculator calculator,
      Console console) {
    return startEach(
        config,
        paths,
        output,
        calculator,
        console,
        (deployment, starter, index) -> {
          DatabaseEndpoint database =
              starter.startDatabase(config.appInstances().get(index).tiers().db());
          deployment.instances.add(
              new DeployedInstance(index, List.of(), database, List.of(), List.of()));
        });
  }

  /** What to start of one app instance. */
  private interface InstanceStart {
    void start(LocalDeployment deployment, InstanceStarter starter, int index) throws IOException;
  }

  /** Starts each app instance in turn; on any failure, stops what was started and rethrows. */
  private static LocalDeployment startEach(
      AnemometerConfig config,
      LocalPaths paths,
      Output output,
      TuningCalculator calculator,
      Console console,
      InstanceStart start) {
    LocalDeployment deployment = new LocalDeployment(CorePlacement.of(config));
    try {
      TierChoice choice = new TierChoice(console);
      for (int i = 0; i < config.appInstances().size(); i++) {
        InstanceStarter starter =
            new InstanceStarter(
                config,
                i,
                DescriptorBudget.ofThisProcess()
                    .fit(calculator.compute(config, i), "instance-" + i, console),
                paths,
                output,
                deployment.processes,
                console,
                choice,
                deployment.cores);
        start.start(deployment, starter, i);
      }
      return deployment;
    } catch (RuntimeException e) {
      console.notice("start failed; stopping what was started");
      deployment.close();
      throw e;
    } catch (IOException e) {
      deployment.close();
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public List<DeployedInstance> instances() {
    return List.copyOf(instances);
  }

  @Override
  public Map<Integer, ScalableTier> scalableTiers() {
    Map<Integer, ScalableTier> scalable = new HashMap<>();
    for (int i = 0; i < tiers.size(); i++) {
      scalable.put(i, tiers.get(i).appTier());
    }
    return scalable;
  }

  @Override
  public Map<Integer, FaultTarget> faultTargets() {
    Map<Integer, FaultTarget> faults = new HashMap<>();
    for (int i = 0; i < tiers.size(); i++) {
      faults.put(i, tiers.get(i));
    }
    return faults;
  }

  /**
   * The running tiers of each app instance, for elasticity and faults (empty for databases only).
   */
  public List<LocalTiers> tiers() {
    return List.copyOf(tiers);
  }

  @Override
  public Optional<Supplier<List<TierProcess>>> tierProcesses() {
    return Optional.of(
        () ->
            processes.processes().stream()
                .flatMap(p -> tierProcess(p.name(), p.pid()).stream())
                .toList());
  }

  @Override
  public Optional<URI> metricsUrl(TierProcess process) {
    if (!"app".equals(process.tier()) || process.appInstance() >= tiers.size()) {
      return Optional.empty();
    }
    OptionalInt port = tiers.get(process.appInstance()).appPort(process.name());
    return port.isPresent() ? Optional.of(AppServer.metrics(port.getAsInt())) : Optional.empty();
  }

  static Optional<TierProcess> tierProcess(String name, long pid) {
    Matcher matcher = TIER_PROCESS.matcher(name);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    return Optional.of(
        new TierProcess(
            TIERS.get(matcher.group(2)), Integer.parseInt(matcher.group(1)), name, pid));
  }

  /**
   * With {@code driver.cpus}, the load runs with this JVM on the driver's cores (the tiers already
   * run on the others) and every core comes back to it afterwards.
   */
  @Override
  public DriverPlacement driverPlacement() {
    if (!cores.pinsCores() && !cores.lowersTiers()) {
      return DriverPlacement.NONE;
    }
    return new DriverPlacement() {
      @Override
      public void enter(Console console, EventLog events) {
        announcePrecedence(console, events);
        if (!cores.pinsCores()) {
          return;
        }
        cores.pinThisJvm();
        try {
          console.info(cores.describe());
          events.record("cores", "driver", cores.details());
        } catch (RuntimeException e) {
          // The run does not leave what it did not enter: the cores go back before it fails.
          leave(console);
          throw e;
        }
      }

      @Override
      public void leave(Console console) {
        if (!cores.pinsCores()) {
          return;
        }
        try {
          cores.releaseThisJvm();
        } catch (TierStartException e) {
          // The load's own outcome matters more; what follows merely runs on fewer cores.
          console.notice("the harness keeps the driver's cores: " + e.getMessage());
        }
      }
    };
  }

  /**
   * When the load starts, the app servers' pools are connected: the PostgreSQL backends serving
   * them lead sessions of their own, lowered here like the tiers (decision 0011).
   */
  private void announcePrecedence(Console console, EventLog events) {
    if (!cores.lowersTiers()) {
      return;
    }
    List<Long> pids = processes.processes().stream().map(ManagedProcess::pid).toList();
    int children = cores.lowerTierChildren(pids);
    console.info(
        cores.describePrecedence()
            + (children > 0 ? "; " + children + " sessions of their children too" : ""));
    events.record(
        "precedence",
        "tiers",
        Map.of("niceness", TierPrecedence.NICENESS, "childSessionsLowered", children));
  }

  @Override
  public void watchTiers(Consumer<TierExit> listener) {
    processes.watch(listener);
  }

  public ProcessGroup processes() {
    return processes;
  }

  /** Leaves every tier running after this JVM exits; {@code teardown} stops them later. */
  public void detach() {
    processes.detach();
  }

  @Override
  public void close() {
    processes.close();
  }

  static List<URI> urls(List<InetSocketAddress> addresses) {
    return addresses.stream()
        .map(a -> URI.create("http://" + a.getHostString() + ":" + a.getPort()))
        .toList();
  }
}
