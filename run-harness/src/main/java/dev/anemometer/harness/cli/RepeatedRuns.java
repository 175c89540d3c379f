package dev.anemometer.harness.cli;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.report.Comparison;
import dev.anemometer.harness.report.HtmlReport;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.ResultsCsv;
import dev.anemometer.harness.results.StudyFolder;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.run.repeat.RepeatRunner;
import dev.anemometer.harness.run.repeat.RepeatSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The command line's side of {@code run}: one run, or a repeat set with each run's summary as it
 * ends, the set's {@code repeats.json} after every run, and its statistics and results.csv line at
 * the end.
 */
final class RepeatedRuns {

  private final Console console;
  private final Clock clock;

  RepeatedRuns(Console console, Clock clock) {
    this.console = console;
    this.clock = clock;
  }

  /** Runs the set and returns the worst exit code of its runs. */
  int run(
      AnemometerConfig config,
      RepeatSpec spec,
      Path resultsRoot,
      RepeatRunner.Repetition repetition)
      throws InterruptedException {
    if (!spec.converges() && spec.runs() == 1) {
      RunProcedure.RunResult result = repetition.run();
      SummaryPrinter.print(console, result);
      return result.summary().exitCode();
    }
    StudyFolder folder =
        StudyFolder.named(resultsRoot, config.name(), StudyFolder.Kind.REPEATS, clock);
    AtomicInteger started = new AtomicInteger();
    RepeatRunner.Repetition counted =
        () -> {
          console.phase(
              "repeat "
                  + started.incrementAndGet()
                  + " of "
                  + (spec.converges() ? "at most " : "")
                  + spec.runs()
                  + " ("
                  + spec.describe()
                  + ")");
          return repetition.run();
        };
    RepeatRunner.Outcome outcome =
        new RepeatRunner(spec, tolerance(config))
            .run(
                config.name(),
                config.strategy().configName(),
                clock.instant().toString(),
                counted,
                progress -> {
                  SummaryPrinter.print(console, progress.run());
                  folder.write(progress.set());
                });
    SummaryPrinter.printRepeats(console, outcome.set(), folder.file());
    Path setDir = folder.dir();
    ResultsCsv.append(setDir.getParent(), outcome.csvLine(setDir.getFileName().toString()));
    writeReports(outcome, setDir);
    return outcome.exitCode();
  }

  /** The spread a set's runs should stay within (see {@link RepeatSet.Tolerance}). */
  static RepeatSet.Tolerance tolerance(AnemometerConfig config) {
    return config.strategy() == Strategy.FIND_MAX
        ? new RepeatSet.Tolerance("precision", config.findMax().precision())
        : new RepeatSet.Tolerance("compare threshold", Comparison.THRESHOLD_PERCENT);
  }

  /** The set's report, and each run's again: written before the set ended, they did not show it. */
  private void writeReports(RepeatRunner.Outcome outcome, Path setDir) {
    try {
      for (RunProcedure.RunResult run : outcome.runs()) {
        HtmlReport.write(run.dir());
      }
      console.info("repeat set report: " + HtmlReport.write(setDir));
    } catch (RuntimeException e) {
      console.notice("repeat set report not written: " + e.getMessage());
    }
  }
}
