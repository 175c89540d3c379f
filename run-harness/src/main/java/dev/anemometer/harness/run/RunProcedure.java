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
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.extension.RunExtensions;
import dev.anemometer.harness.report.HtmlReport;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.RunSummary;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
    harness.console().info("results: " + results.dir());
    List<RunExtension> riders =
        List.copyOf(extensions.forRun(new RunContext(config, results, harness.console())));
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
                record(results, summarize(config, started, outcome, riders), harness.console());
              }
            },
            "anemometer-interrupted-run");
    Runtime.getRuntime().addShutdownHook(interrupted);
    try {
      for (RunExtension rider : riders) {
        rider.beforeDeploy();
      }
      try (DeployedStack stack = deploy(config, results)) {
        outcome.instances = stack.instances();
        for (RunExtension rider : riders) {
          rider.deployed(stack);
        }
        try {
          driveAndAudit(config, stack, results, outcome, riders);
        } finally {
          collectLogs(stack);
          harness.console().phase("stop tiers");
          results.events().phase("stop", "start");
        }
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
    if (!outcome.interrupted) {
      riders.forEach(RunExtension::afterStop);
    }
    try {
      Runtime.getRuntime().removeShutdownHook(interrupted);
    } catch (IllegalStateException shuttingDown) {
      return new RunResult(
          results.dir(), summarize(config, started, outcome, riders), outcome.load);
    }
    RunSummary summary;
    synchronized (outcome) {
      summary = summarize(config, started, outcome, riders);
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
      AnemometerConfig config,
      DeployedStack stack,
      ResultsDirectory results,
      RunOutcome outcome,
      List<RunExtension> riders)
      throws InterruptedException, SQLException {
    LoadStop loadStop = new LoadStop();
    stack.watchTiers(exit -> tierEnded(exit, loadStop, results));
    LoadOutcome load = drive(config, stack, results, loadStop, riders);
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

  /** The load, with the workers the target deployed (if any) and every extension listening. */
  private LoadOutcome drive(
      AnemometerConfig config,
      DeployedStack deployment,
      ResultsDirectory results,
      LoadStop loadStop,
      List<RunExtension> riders)
      throws InterruptedException {
    LoadDriver placed = deployment.loadDriver(this.driver);
    harness.console().phase("drive load (" + config.strategy().configName() + ")");
    results.events().phase("load", "start");
    Optional<TargetWorkers> workers = deployment.openWorkers();
    DriverProcesses driverProcesses = new DriverProcesses();
    LoadOutcome load;
    try {
      List<RunListener> listeners = new ArrayList<>();
      for (RunExtension rider : riders) {
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
      load = placed.drive(plan);
    } finally {
      try {
        afterLoad(riders);
      } finally {
        workers.ifPresent(TargetWorkers::close);
      }
    }
    results.events().record("phase", "load", Map.of("state", "done", "passed", load.passed()));
    return load;
  }

  /**
   * Every extension stops what watched the load, even when one of them fails; the first failure is
   * then the run's.
   */
  private static void afterLoad(List<RunExtension> riders) throws InterruptedException {
    RuntimeException failed = null;
    for (RunExtension rider : riders) {
      try {
        rider.afterLoad();
      } catch (RuntimeException e) {
        if (failed == null) {
          failed = e;
        }
      }
    }
    if (failed != null) {
      throw failed;
    }
  }

  /** The core summary with each extension's part folded in, in their order. */
  private RunSummary summarize(
      AnemometerConfig config, Instant started, RunOutcome outcome, List<RunExtension> riders) {
    RunSummary summary =
        RunSummaries.summarize(config, started, harness.clock().instant(), outcome);
    for (RunExtension rider : riders) {
      summary = rider.summarize(summary);
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
