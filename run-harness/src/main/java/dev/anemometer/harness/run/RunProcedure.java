package dev.anemometer.harness.run;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.deploy.LoadDriver;
import dev.anemometer.harness.deploy.LoadOutcome;
import dev.anemometer.harness.deploy.LoadPlan;
import dev.anemometer.harness.deploy.LoadStop;
import dev.anemometer.harness.deploy.OpenFilesLimit;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.elasticity.ElasticityRunner;
import dev.anemometer.harness.platform.CpuMeter;
import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.platform.PlatformProbe;
import dev.anemometer.harness.report.HtmlReport;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.soak.ResourceSampler;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One run, in the order of SPEC §4.5: clean leftovers, deploy (database, data, app, LB, web), drive
 * the load, judge QoS, audit the bids, collect, stop, report. Whatever happens (failure, error,
 * Ctrl-C), the results folder gets a summary and report.html, and results.csv a line.
 */
public final class RunProcedure {

  /** What a run says on a target that offers no way to measure CPU per tier. */
  static final String CPU_UNAVAILABLE = "CPU per tier is not measured on target ";

  private final Harness harness;
  private final LoadDriver driver;
  private final StackLauncher launcher;

  /** Every target with its default options (no kubeconfig, namespaces deleted at the end). */
  public RunProcedure(Harness harness, LoadDriver driver) {
    this(harness, driver, new TargetStacks(harness, TargetOptions.defaults()));
  }

  /** The command line's run: kubeconfig, context, ready timeout and --keep from its options. */
  public static RunProcedure forTargets(Harness harness, TargetOptions options, LoadDriver driver) {
    return new RunProcedure(harness, driver, new TargetStacks(harness, options));
  }

  public RunProcedure(Harness harness, LoadDriver driver, StackLauncher launcher) {
    this.harness = harness;
    this.driver = driver;
    this.launcher = launcher;
  }

  public static LoadDriver defaultDriver() {
    return TargetStacks.driver();
  }

  public RunResult execute(AnemometerConfig given, Path resultsRoot) throws InterruptedException {
    AnemometerConfig hinted = PreviousPeak.resolve(given, resultsRoot, harness.console());
    long openFiles = OpenFilesLimit.ofThisProcess();
    AnemometerConfig config = DriverDescriptors.resolve(hinted, openFiles, harness.console());
    launcher.check(config);
    new Teardown(harness).cleanLeftovers();
    ResultsDirectory results = ResultsDirectory.create(resultsRoot, config.name(), harness.clock());
    results.writeConfig(ConfigLoader.toYaml(config));
    RunOutcome outcome = new RunOutcome();
    if (!config.findMax().equals(hinted.findMax())) {
      outcome.ceilingCause = "the driver's open-file limit (" + openFiles + ")";
    }
    outcome.soak = new SoakRun(config, results.dir(), harness.console());
    harness.console().info("results: " + results.dir());
    outcome.platform = probePlatform(config, results);
    Instant started = harness.clock().instant();
    // Ctrl-C: the process group's own hook stops the tiers; this one keeps the verdict on record.
    Thread interrupted =
        new Thread(
            () -> {
              synchronized (outcome) {
                outcome.interrupted = true;
                outcome.message =
                    "interrupted (Ctrl-C or a signal); tiers stopped, collected files kept";
                results.events().record("interrupted", "run", Map.of());
                record(results, summarize(config, started, outcome), harness.console());
              }
            },
            "anemometer-interrupted-run");
    Runtime.getRuntime().addShutdownHook(interrupted);
    try (DeployedStack stack = deploy(config, results)) {
      outcome.instances = stack.instances();
      recordTierVersions(config, results, outcome);
      try {
        driveAndAudit(config, stack, results, outcome);
      } finally {
        collectLogs(stack);
        harness.console().phase("stop tiers");
        results.events().phase("stop", "start");
      }
    } catch (ConfigException e) {
      // A target's own check (--kubeconfig): exit 2, with no interrupted-run hook left behind.
      removeHook(interrupted);
      throw e;
    } catch (RuntimeException | SQLException e) {
      outcome.exitCode = ExitCodes.INFRASTRUCTURE;
      if (!outcome.interrupted) {
        outcome.message = e.getMessage();
      }
      results.events().record("error", "run", Map.of("message", String.valueOf(e.getMessage())));
    }
    results.events().phase("stop", "done");
    measureAfterRun(results, outcome);
    try {
      Runtime.getRuntime().removeShutdownHook(interrupted);
    } catch (IllegalStateException shuttingDown) {
      return new RunResult(results.dir(), summarize(config, started, outcome), outcome.load);
    }
    RunSummary summary;
    synchronized (outcome) {
      summary = summarize(config, started, outcome);
      if (!outcome.interrupted) {
        record(results, summary, harness.console());
      }
    }
    return new RunResult(results.dir(), summary, outcome.load);
  }

  /**
   * The run's verdict on record: summary.json, its results.csv line and report.html, from the end
   * of the run or from the interrupt hook, whichever comes first.
   */
  static void record(ResultsDirectory results, RunSummary summary, Console console) {
    results.writeSummary(summary);
    results.appendCsv(summary);
    try {
      console.info("report: " + HtmlReport.write(results.dir()));
    } catch (RuntimeException e) {
      // The run's results stand without their report; `anemometer report DIR` retries.
      console.notice("report.html not written: " + e.getMessage());
    }
  }

  /** Before any tier starts, so that the reference speed has the machine to itself. */
  private Platform probePlatform(AnemometerConfig config, ResultsDirectory results) {
    try {
      Platform probed = PlatformProbe.probe(config, harness.projectRoot());
      harness.console().info(probed.headline());
      if (probed.os().memoryMonitors() != null) {
        harness
            .console()
            .notice(
                "the kernel's DAMON is running ("
                    + String.join(", ", probed.os().memoryMonitors())
                    + "): its thread competes with the tiers for the cores, shown as 'other' in"
                    + " the CPU per tier; for numbers to compare, stop it first (as root: echo off"
                    + " > /sys/kernel/mm/damon/admin/kdamonds/N/state)");
      }
      results.writePlatform(probed);
      return probed;
    } catch (RuntimeException e) {
      harness.console().notice("platform not recorded: " + e.getMessage());
      return null;
    }
  }

  /**
   * Once the tiers have stopped: the machine's reference figures again, so that the run says
   * whether the machine held still while it measured (decision 0012).
   */
  private void measureAfterRun(ResultsDirectory results, RunOutcome outcome) {
    if (outcome.platform == null || outcome.interrupted) {
      return;
    }
    try {
      Platform.MachineSpeed after = Platform.MachineSpeed.measure();
      outcome.platform = outcome.platform.withAfterRun(after);
      results.writePlatform(outcome.platform);
      harness.console().info("machine after the run: " + after.describe());
    } catch (RuntimeException e) {
      harness.console().notice("machine not measured after the run: " + e.getMessage());
    }
  }

  private void recordTierVersions(
      AnemometerConfig config, ResultsDirectory results, RunOutcome outcome) {
    Platform probed = outcome.platform;
    if (probed != null) {
      Platform versioned =
          probed.withTierVersions(
              PlatformProbe.tierVersions(config, harness.postgresBinariesBase()));
      outcome.platform = versioned;
      results.writePlatform(versioned);
      harness.console().info("tier versions: " + versioned.tierVersions());
    }
  }

  private DeployedStack deploy(AnemometerConfig config, ResultsDirectory results) {
    harness
        .console()
        .phase(
            "deploy ("
                + config.target().configName()
                + "): database, data, app servers, load balancer, web");
    results.events().phase("deploy", "start");
    DeployedStack deployment = launcher.start(config, results);
    results.events().phase("deploy", "done");
    for (DeployedInstance instance : deployment.instances()) {
      harness.console().info("instance-" + instance.index() + " entry: " + instance.entryUrls());
    }
    return deployment;
  }

  /** Logs are collected even when the load broke off: they usually say why. */
  private void collectLogs(DeployedStack stack) {
    try {
      stack.collectLogs();
    } catch (RuntimeException e) {
      harness.console().notice("logs not collected: " + e.getMessage());
    }
  }

  /** The load under the tier watch, then the bid audit; the outcome says how it went. */
  private void driveAndAudit(
      AnemometerConfig config, DeployedStack stack, ResultsDirectory results, RunOutcome outcome)
      throws InterruptedException, SQLException {
    LoadStop loadStop = new LoadStop();
    stack.watchTiers(exit -> tierEnded(exit, loadStop, results));
    LoadOutcome load = drive(config, stack, results, loadStop, outcome);
    outcome.load = load;
    if (loadStop.reason().isPresent()) {
      // What was measured up to the death is kept and reported; its verdict is not a result.
      outcome.exitCode = ExitCodes.INFRASTRUCTURE;
      outcome.message = loadStop.reason().get();
      return;
    }
    AuditRound audit =
        new RunAudit(harness.console()).audit(stack, load.acknowledgedBids(), results);
    outcome.audit.putAll(audit.results());
    RunVerdict verdict = RunVerdict.of(load, audit, config.audit());
    outcome.exitCode = verdict.exitCode();
    outcome.message = verdict.message();
  }

  /**
   * A tier process ended when nothing planned it: said at once, on record, and the load stops. The
   * run then ends with exit code 3, naming the tier, and tears down the rest.
   */
  private void tierEnded(TierExit exit, LoadStop loadStop, ResultsDirectory results) {
    harness.console().notice("tier ended: " + exit.describe() + "; stopping the run");
    results.events().record("tier-ended", exit.process(), exit.withHow());
    loadStop.stop(exit.describe());
  }

  private LoadOutcome drive(
      AnemometerConfig config,
      DeployedStack deployment,
      ResultsDirectory results,
      LoadStop loadStop,
      RunOutcome outcome)
      throws InterruptedException {
    LoadDriver driver = deployment.loadDriver(this.driver);
    harness.console().phase("drive load (" + config.strategy().configName() + ")");
    results.events().phase("load", "start");
    Optional<TargetWorkers> workers = deployment.openWorkers();
    try {
      return drive(config, deployment, results, loadStop, outcome, driver, workers.orElse(null));
    } finally {
      workers.ifPresent(TargetWorkers::close);
    }
  }

  private LoadOutcome drive(
      AnemometerConfig config,
      DeployedStack deployment,
      ResultsDirectory results,
      LoadStop loadStop,
      RunOutcome outcome,
      LoadDriver driver,
      TargetWorkers workers)
      throws InterruptedException {
    LoadPlan plan =
        new LoadPlan(
            config,
            deployment.instances(),
            results.driverDir(),
            harness.console(),
            results.events(),
            List.of(),
            loadStop,
            new DriverProcesses(),
            workers);
    List<RunListener> listeners = new ArrayList<>();
    outcome.cpu = cpuMeter(config, deployment, plan, results, outcome);
    if (outcome.cpu != null) {
      listeners.add(outcome.cpu);
    }
    Optional<ResourceSampler> sampler = outcome.soak.sampler(deployment);
    sampler.ifPresent(listeners::add);
    LoadOutcome load;
    try {
      load = driveWith(config, deployment, results, plan, listeners, driver, outcome);
    } finally {
      sampler.ifPresent(ResourceSampler::close);
    }
    results.events().record("phase", "load", Map.of("state", "done", "passed", load.passed()));
    return load;
  }

  /**
   * CPU per tier: read on this host where the target reports its processes, else as the target
   * measures it; null, said in one line, where neither can.
   */
  private CpuMeter cpuMeter(
      AnemometerConfig config,
      DeployedStack deployment,
      LoadPlan plan,
      ResultsDirectory results,
      RunOutcome outcome) {
    Optional<Supplier<List<TierProcess>>> processes = deployment.tierProcesses();
    if (processes.isPresent()) {
      return CpuMeter.ofHost(processes.get(), plan.driverProcesses()::pids, results.events());
    }
    Optional<TargetCpu> measured = deployment.targetCpu();
    if (measured.isEmpty()) {
      outcome.cpuUnavailable = CPU_UNAVAILABLE + config.target().configName();
    } else {
      try {
        measured.get().read();
        return CpuMeter.ofTarget(measured.get(), results.events());
      } catch (TargetCpu.Unavailable e) {
        outcome.cpuUnavailable = "CPU per tier not measured: " + e.getMessage();
      }
    }
    harness.console().notice(outcome.cpuUnavailable);
    results.events().record("cpu-unavailable", "tiers", Map.of("reason", outcome.cpuUnavailable));
    return null;
  }

  /** The load, under the elasticity and fault schedules when the run has any. */
  private LoadOutcome driveWith(
      AnemometerConfig config,
      DeployedStack deployment,
      ResultsDirectory results,
      LoadPlan plan,
      List<RunListener> listeners,
      LoadDriver driver,
      RunOutcome outcome)
      throws InterruptedException {
    if (!plan.changesDuringLoad()) {
      return driver.drive(withListeners(plan, listeners));
    }
    ElasticityRunner runner = ElasticityRuns.runner(config, deployment, results.events());
    listeners.add(runner);
    LoadOutcome load;
    try {
      load = driver.drive(withListeners(plan, listeners));
    } finally {
      runner.close();
    }
    outcome.elasticity = runner.results();
    outcome.elasticity.headlines().forEach(harness.console()::info);
    return load;
  }

  private static LoadPlan withListeners(LoadPlan plan, List<RunListener> listeners) {
    return plan.withListeners(listeners);
  }

  private RunSummary summarize(AnemometerConfig config, Instant started, RunOutcome outcome) {
    return RunSummaries.summarize(config, started, harness.clock().instant(), outcome);
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook runs already
    }
  }

  /** What a run produced; the summary is also in summary.json. */
  public record RunResult(Path dir, RunSummary summary, LoadOutcome load) {}
}
