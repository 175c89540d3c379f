package dev.anemometer.harness.deploy.compose;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.WebImpl;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.Readiness;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.deploygen.ContainerConfigs;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A run on Docker Compose: the projects generated into the results, their server tiers up and
 * answering through the published nginx port, the load driven from this JVM, the bids audited
 * through the PostgreSQL port published on 127.0.0.1, {@code --scale} for elasticity, faults on
 * single containers ({@link ComposeFaults}), and {@code down -v} at the end, also when the run
 * fails or is interrupted.
 */
public final class ComposeStack implements DeployedStack {

  private final ComposeDeployment deployment;
  private final List<DeployedInstance> instances = new ArrayList<>();
  private final Map<Integer, ScalableTier> appTiers = new HashMap<>();
  private final Map<Integer, FaultTarget> faults = new HashMap<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private final Thread downOnExit = new Thread(this::down, "anemometer-compose-down");
  private final EngineCli engine;
  private final Console console;
  private volatile ContainerWatch watch;
  private final ContainerProcesses processes;
  private volatile DriverSessionPriority driverPriority;

  ComposeStack(ComposeDeployment deployment, Duration drainTimeout, Console console) {
    this.deployment = deployment;
    this.engine = deployment.engine();
    this.console = console;
    this.processes =
        new ContainerProcesses(deployment.projects(), engine, Path.of("/proc"), System::nanoTime);
    for (ComposeDeployment.Project project : deployment.projects()) {
      instances.add(
          new DeployedInstance(
              project.appInstanceIndex(),
              List.of(URI.create(project.entryUrl())),
              new DatabaseEndpoint(
                  project.jdbcUrl(), ContainerConfigs.DATABASE_USER, project.databasePassword()),
              List.of(),
              List.of()));
      ComposeAppTier appTier = new ComposeAppTier(deployment, project, engine, drainTimeout);
      appTiers.put(project.appInstanceIndex(), appTier);
      faults.put(
          project.appInstanceIndex(), new ComposeFaults(deployment, project, appTier::inFlight));
    }
  }

  /** Checks the config and Docker, writes the projects, starts them and waits until they serve. */
  public static ComposeStack start(
      AnemometerConfig config,
      TuningCalculator tuning,
      Path resultsDir,
      Path repositoryRoot,
      Duration readyTimeout,
      Console console) {
    requireWebTier(config);
    ComposeDeployment deployment =
        ComposeDeployment.prepare(config, tuning, resultsDir, repositoryRoot, config.name());
    ComposeStack stack =
        start(
            deployment,
            config.elasticity().drainTimeout(),
            uri -> Readiness.awaitHttp(uri, readyTimeout),
            console);
    stack.driverPriority = DriverSessionPriority.raise(config.driver().tiersBelowDriver());
    console.info(stack.driverPriority.describe());
    return stack;
  }

  /**
   * @param drainTimeout how long a scale-down waits for a drained container's sessions
   * @param awaitReady returns once the URL answers 200 through nginx, HAProxy and an app server
   */
  static ComposeStack start(
      ComposeDeployment deployment,
      Duration drainTimeout,
      Consumer<URI> awaitReady,
      Console console) {
    ComposeStack stack = new ComposeStack(deployment, drainTimeout, console);
    Runtime.getRuntime().addShutdownHook(stack.downOnExit);
    try {
      console.info("docker compose up: " + deployment.projects().size() + " project(s)");
      deployment.up();
      for (DeployedInstance instance : stack.instances) {
        awaitReady.accept(URI.create(instance.entryUrls().get(0) + "/actuator/health/readiness"));
      }
      return stack;
    } catch (RuntimeException e) {
      console.notice("start failed; collecting logs and taking the projects down");
      stack.collectQuietly();
      stack.close();
      throw e;
    }
  }

  /** The harness enters through nginx's published port: an app service has no fixed host port. */
  public static void requireWebTier(AnemometerConfig config) {
    for (int i = 0; i < config.appInstances().size(); i++) {
      if (config.appInstances().get(i).tiers().web().impl() == WebImpl.NONE) {
        throw new ConfigException(
            "appInstances["
                + i
                + "].tiers.web.impl: none is not supported on target compose (the harness enters"
                + " through nginx's published port); use nginx");
      }
    }
  }

  @Override
  public List<DeployedInstance> instances() {
    return List.copyOf(instances);
  }

  @Override
  public Map<Integer, ScalableTier> scalableTiers() {
    return Map.copyOf(appTiers);
  }

  @Override
  public Map<Integer, FaultTarget> faultTargets() {
    return Map.copyOf(faults);
  }

  /**
   * Each tier container's processes, from the engine: CPU per tier as on the local target, where
   * the containers run on this host.
   */
  @Override
  public Optional<Supplier<List<TierProcess>>> tierProcesses() {
    return processes.onThisHost() ? Optional.of(processes) : Optional.empty();
  }

  /** An engine on another host: its processes are not this host's to sample. */
  @Override
  public Optional<TargetCpu> targetCpu() {
    if (processes.onThisHost()) {
      return Optional.empty();
    }
    return Optional.of(
        () -> {
          throw new TargetCpu.Unavailable(
              "the engine at "
                  + engine.host()
                  + " runs its containers on another host or VM (their processes are not this"
                  + " host's)");
        });
  }

  /**
   * Watches the projects' containers on the engine's events stream (see {@link ContainerWatch});
   * where the stream cannot be had, the run goes on unwatched and says so.
   */
  @Override
  public void watchTiers(Consumer<TierExit> listener) {
    Set<String> names =
        deployment.projects().stream()
            .map(ComposeDeployment.Project::name)
            .collect(Collectors.toSet());
    try {
      watch =
          ContainerWatch.start(engine, names, deployment.plannedEnds(), listener, console::notice);
    } catch (IOException e) {
      console.notice(
          "containers not watched: no events from " + engine.host() + ": " + e.getMessage());
    }
  }

  @Override
  public void collectLogs() {
    deployment.collectLogs();
  }

  @Override
  public void close() {
    DriverSessionPriority priority = driverPriority;
    if (priority != null) {
      priority.close();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(downOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook itself is taking the projects down
    }
    down();
  }

  /**
   * Takes the projects down, once; the watch stops first, so that the containers going down are not
   * reported and its {@code docker events} process does not outlive the harness.
   */
  private void down() {
    ContainerWatch watching = watch;
    if (watching != null) {
      watching.close();
    }
    if (closed.compareAndSet(false, true)) {
      deployment.close();
    }
  }

  private void collectQuietly() {
    try {
      deployment.collectLogs();
    } catch (RuntimeException e) {
      // the start failure is the error worth reporting
    }
  }
}
