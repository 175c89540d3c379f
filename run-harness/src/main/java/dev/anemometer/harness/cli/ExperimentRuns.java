package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.report.HtmlReport;
import dev.anemometer.harness.results.StudyFolder;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.experiment.Experiment;
import dev.anemometer.harness.run.experiment.ExperimentMetric;
import dev.anemometer.harness.run.experiment.ExperimentPrinter;
import dev.anemometer.harness.run.experiment.ExperimentRunner;
import dev.anemometer.harness.run.experiment.StopRule;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The command line's side of {@code ab}: the experiment's folder, each run's summary as it ends,
 * {@code experiment.json} after every run, a line per round, and at the end the table, the verdicts
 * and the report.
 */
final class ExperimentRuns {

  /** One run of a configuration into a results root; the command line's is the run procedure. */
  @FunctionalInterface
  interface Procedure {
    RunProcedure.RunResult execute(AnemometerConfig config, Path resultsRoot)
        throws InterruptedException;
  }

  private final Console console;
  private final Clock clock;

  ExperimentRuns(Console console, Clock clock) {
    this.console = console;
    this.clock = clock;
  }

  /** Runs the experiment and returns its exit code: 3 if a run broke off, else 0. */
  int run(
      String name,
      List<ExperimentRunner.Variant> given,
      ExperimentMetric metric,
      StopRule rule,
      long seed,
      Path resultsRoot,
      Procedure procedure)
      throws InterruptedException {
    // Each variant's runs are named for it: their folders say which variant they ran.
    List<ExperimentRunner.Variant> variants =
        given.stream()
            .map(
                v ->
                    new ExperimentRunner.Variant(
                        v.name(), v.source(), v.config().withName(name + "-" + v.name())))
            .toList();
    if (variants.stream().map(v -> v.config().target()).distinct().count() > 1) {
      console.notice(
          "the variants run on different targets: the comparison includes the target's own cost");
    }
    StudyFolder folder =
        StudyFolder.named(resultsRoot, name, StudyFolder.Kind.EXPERIMENT, clock).create();
    console.phase(
        "experiment '"
            + name
            + "': "
            + String.join(" vs ", variants.stream().map(ExperimentRunner.Variant::name).toList())
            + " on "
            + metric.describe()
            + ", "
            + rule.describe()
            + ", order seed "
            + seed
            + (ExperimentRunner.sameConfiguration(variants) ? " (A/A)" : ""));
    console.info("experiment folder: " + folder.dir());
    ExperimentPrinter printer = new ExperimentPrinter(console);
    AtomicInteger runsStarted = new AtomicInteger();
    ExperimentRunner.Outcome outcome =
        new ExperimentRunner(variants, metric, rule, seed, clock)
            .run(
                name,
                config -> {
                  int run = runsStarted.incrementAndGet();
                  int round = (run - 1) / variants.size() + 1;
                  console.phase(
                      "round "
                          + round
                          + ", run "
                          + ((run - 1) % variants.size() + 1)
                          + " of "
                          + variants.size()
                          + ": "
                          + config.name());
                  return procedure.execute(config, folder.dir());
                },
                progress -> {
                  SummaryPrinter.print(console, progress.run());
                  folder.write(progress.experiment());
                  if (progress.roundEnded()) {
                    printer.roundEnded(progress.experiment());
                  }
                });
    Experiment experiment = outcome.experiment();
    printer.finished(experiment, folder.dir());
    try {
      console.info("experiment report: " + HtmlReport.write(folder.dir()));
    } catch (RuntimeException e) {
      console.notice("experiment report not written: " + e.getMessage());
    }
    return outcome.exitCode();
  }
}
