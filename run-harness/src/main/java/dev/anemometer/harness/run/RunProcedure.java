package dev.anemometer.harness.run;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverPlacement;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.drive.LoadDriver;
import dev.anemometer.harness.drive.LoadOutcome;
import dev.anemometer.harness.drive.LoadPlan;
import dev.anemometer.harness.drive.LoadStop;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.extension.RunExtensions;
import dev.anemometer.harness.report.HtmlReport;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.RunSummary;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One run, in the order of SPEC §4.5: clean leftovers, deploy (database, data, app, LB, web), drive
 * the load, judge QoS, audit the bids, collect, stop, report. Whatever happens (failure, error,
 * Ctrl-C), the results folder gets a summary and report.html, and results.csv a line.
 *
 * <p>What rides along (the platform record, CPU per tier, a soak, elasticity and faults) comes in
 * as {@link RunExtensions}: the procedure calls their hooks at each stage and folds their parts
 * into the summary, and knows nothing else of them.
 */
public final class RunProcedure {

  private final Harness harness;
  private final LoadDriver driver;
  private final StackLauncher launcher;
  private final RunExtensions extensions;

  /**
   * The command line's run: every target, with the kubeconfig, context, ready timeout and --keep
   * from its options.
   */
  public static RunProcedure forTargets(
      Harness harness, TargetOptions options, LoadDriver driver, RunExtensions extensions) {
    return new RunProcedure(harness, driver, new TargetStacks(harness, options), extensions);
  }

  public RunProcedure(
      Harness harness, LoadDriver driver, StackLauncher launcher, RunExtensions extensions) {
    this.harness = harness;
    this.driver = driver;
    this.launcher = launcher;
    this.extensions = extensions;
  }

  public static LoadDriver defaultDriver() {
    return TargetStacks.driver();
  }

  public RunResult execute(AnemometerConfig given, Path resultsRoot) throws InterruptedException {
    Run run = prepare(given, resultsRoot);
    // Ctrl-C: the process group's own hook stops the tiers; this one keeps the verdict on record.
    Thread interrupted = new Thread(() -> interrupted(run), "anemometer-interrupted-run");
    Runtime.getRuntime().addShutdownHook(interrupted);
    try {
      deployDriveAndAudit(run);
    } catch (ConfigException e) {
      // A target's own check (--kubeconfig): exit 2, with no interrupted-run hook left behind.
      removeHook(interrupted);
      throw e;
    }
    run.results().events().phase("stop", "done");
    if (!run.outcome().interrupted) {
      afterStop(run);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(interrupted);
    } catch (IllegalStateException shuttingDown) {
      return new RunResult(run.results().dir(), summarize(run), run.outcome().load);
    }
    RunSummary summary;
    synchronized (run.outcome()) {
      summary = summarize(run);
      if (!run.outcome().interrupted) {
        record(run.results(), summary, harness.console());
      }
    }
    return new RunResult(run.results().dir(), summary, run.outcome().load);
  }

  /** One run under way: what it is, where it writes, what it produced so far, who rides along. */
  private record Run(
      AnemometerConfig config,
      ResultsDirectory results,
      RunOutcome outcome,
      List<RunExtension> riders) {}

  /**
   * The configuration resolved for this host (a findMax hint, the driver's descriptors), checked by
   * the target, leftovers cleaned, the results folder made and the extensions with it.
   */
  private Run prepare(AnemometerConfig given, Path resultsRoot) {
    AnemometerConfig hinted = PreviousPeak.resolve(given, resultsRoot, harness.console());
    OptionalLong openFiles = launcher.driverOpenFilesLimit(hinted);
    AnemometerConfig config = DriverDescriptors.resolve(hinted, openFiles, harness.console());
    launcher.check(config);
    new Teardown(harness).cleanLeftovers();
    ResultsDirectory results = ResultsDirectory.create(resultsRoot, config.name(), harness.clock());
    results.writeConfig(ConfigLoader.toYaml(config));
    RunOutcome outcome = new RunOutcome();
    if (!config.findMax().equals(hinted.findMax())) {
      outcome.ceilingCause = "the driver's open-file limit (" + openFiles.getAsLong() + ")";
    }
    harness.console().info("results: " + results.dir());
    List<RunExtension> riders =
        List.copyOf(extensions.forRun(new RunContext(config, results, harness.console())));
    outcome.started = harness.clock().instant();
    return new Run(config, results, outcome, riders);
  }

  private void interrupted(Run run) {
    synchronized (run.outcome()) {
      run.outcome().interrupted = true;
      run.outcome().message =
          "interrupted (Ctrl-C or a signal); tiers stopped, collected files kept";
      run.results().events().record("interrupted", "run", Map.of());
      record(run.results(), summarize(run), harness.console());
    }
  }

  /** From the extensions' first hook to the tiers' stop; a failure on the way is exit code 3. */
  private void deployDriveAndAudit(Run run) throws InterruptedException {
    try {
      for (RunExtension rider : run.riders()) {
        rider.beforeDeploy();
      }
      // The run starts where it did before it had extensions: after the machine was probed.
      run.outcome().started = harness.clock().instant();
      try (DeployedStack stack = deploy(run.config(), run.results())) {
        run.outcome().instances = stack.instances();
        for (RunExtension rider : run.riders()) {
          rider.deployed(stack);
        }
        try {
          driveAndAudit(run, stack);
        } finally {
          collectLogs(stack);
          harness.console().phase("stop tiers");
          run.results().events().phase("stop", "start");
        }
      }
    } catch (ConfigException e) {
      throw e; // the configuration's fault, not the infrastructure's: the caller says it
    } catch (RuntimeException | SQLException e) {
      failed(run, e);
    }
  }

  /** A failure of the infrastructure (a tier, a hook): exit code 3, its message, on record. */
  private static void failed(Run run, Exception e) {
    run.outcome().exitCode = ExitCodes.INFRASTRUCTURE;
    if (!run.outcome().interrupted) {
      run.outcome().message = e.getMessage();
    }
    run.results()
        .events()
        .record("error", "run", Map.of("message", String.valueOf(e.getMessage())));
  }

  /** Every extension's last hook, each even when one before it failed; a failure is exit 3. */
  private static void afterStop(Run run) {
    for (RunExtension rider : run.riders()) {
      try {
        rider.afterStop();
      } catch (RuntimeException e) {
        failed(run, e);
      }
    }
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
  private void driveAndAudit(Run run, DeployedStack stack)
      throws InterruptedException, SQLException {
    ResultsDirectory results = run.results();
    RunOutcome outcome = run.outcome();
    LoadStop loadStop = new LoadStop();
    stack.watchTiers(exit -> tierEnded(exit, loadStop, results));
    LoadOutcome load = drive(run, stack, loadStop);
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
    RunVerdict verdict = RunVerdict.of(load, audit, run.config().audit());
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

  /** The load, with the workers the target deployed (if any) and every extension listening. */
  private LoadOutcome drive(Run run, DeployedStack deployment, LoadStop loadStop)
      throws InterruptedException {
    AnemometerConfig config = run.config();
    ResultsDirectory results = run.results();
    harness.console().phase("drive load (" + config.strategy().configName() + ")");
    results.events().phase("load", "start");
    Optional<TargetWorkers> workers = deployment.openWorkers();
    DriverProcesses driverProcesses = new DriverProcesses();
    LoadOutcome load;
    try {
      List<RunListener> listeners = new ArrayList<>();
      for (RunExtension rider : run.riders()) {
        listeners.addAll(rider.duringLoad(deployment, driverProcesses));
      }
      LoadPlan plan =
          new LoadPlan(
              config,
              deployment.instances(),
              results.driverDir(),
              harness.console(),
              results.events(),
              listeners,
              loadStop,
              driverProcesses,
              workers.orElse(null));
      DriverPlacement placement = deployment.driverPlacement();
      placement.enter(harness.console(), results.events());
      try {
        load = driver.drive(plan);
      } catch (RuntimeException | InterruptedException e) {
        // The load's own failure is the run's; what failed while stopping its watchers goes with
        // it.
        try {
          afterLoad(run.riders());
        } catch (RuntimeException | InterruptedException later) {
          e.addSuppressed(later);
        }
        throw e;
      } finally {
        placement.leave(harness.console());
      }
      afterLoad(run.riders());
    } finally {
      workers.ifPresent(TargetWorkers::close);
    }
    results.events().record("phase", "load", Map.of("state", "done", "passed", load.passed()));
    return load;
  }

  /**
   * Every extension stops what watched the load, each even when one before it failed or was
   * interrupted; the first failure is then thrown, with the later ones suppressed in it.
   */
  private static void afterLoad(List<RunExtension> riders) throws InterruptedException {
    Exception failed = null;
    for (RunExtension rider : riders) {
      try {
        rider.afterLoad();
      } catch (RuntimeException | InterruptedException e) {
        if (failed == null) {
          failed = e;
        } else {
          failed.addSuppressed(e);
        }
      }
    }
    if (failed instanceof InterruptedException interrupted) {
      throw interrupted;
    }
    if (failed != null) {
      throw (RuntimeException) failed;
    }
  }

  /** The core summary with each extension's part folded in, in their order. */
  private RunSummary summarize(Run run) {
    RunSummary summary =
        RunSummaries.summarize(
            run.config(), run.outcome().started, harness.clock().instant(), run.outcome());
    for (RunExtension rider : run.riders()) {
      try {
        summary = rider.summarize(summary);
      } catch (RuntimeException e) {
        // The verdict and the rest of the summary stand without one extension's part.
        harness.console().notice("a part of the summary is missing: " + e.getMessage());
      }
    }
    return summary;
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
