package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.report.CompareReport;
import dev.anemometer.harness.report.Comparison;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compare runs side by side against the first one: outcome, peak users (findMax: with each"
          + " run's bracket, highest pass and lowest fail), throughput, p99 per operation, CPU per"
          + " user-second of each tier; changes over 5 %% are marked. Shows"
          + " each run's machine and reference speed, and says when two machines differ in speed"
          + " by more than 5 %%. Also writes an HTML comparison with the runs' charts overlaid.",
      "A repeat set's folder (…-repeats) stands for its runs: their means, and the set's mean ±"
          + " 95 %% confidence interval, spread and CV; a run of a set is shown beside its set's"
          + " statistics."
    })
final class CompareCommand implements Callable<Integer> {

  @Parameters(
      arity = "2..*",
      paramLabel = "RESULTS_DIR",
      description = "Two or more results folders; the first is the baseline.")
  List<Path> dirs;

  @Option(
      names = {"-o", "--output"},
      paramLabel = "FILE",
      description = "Where to write the HTML comparison (default: ${DEFAULT-VALUE}).")
  Path output = Path.of("compare.html");

  @Override
  public Integer call() {
    Comparison comparison = Comparison.of(dirs);
    List<String> header = new ArrayList<>();
    header.add("metric");
    header.addAll(comparison.labels());
    Console console = new Console(System.out, false);
    console.table(header, comparison.textRows());
    Map<String, Long> counts = comparison.verdictCounts();
    console.info(
        counts.get("worse")
            + " figure(s) worse and "
            + counts.get("better")
            + " better by more than "
            + (int) Comparison.THRESHOLD_PERCENT
            + " % than "
            + comparison.labels().get(0));
    if (comparison.rows().stream().anyMatch(row -> row.metric().equals("repeat set"))) {
      console.info(
          "repeat sets: a difference of means counts only beyond the combined spread"
              + " (half of each set's max − min, added)");
    }
    comparison.warnings().forEach(console::notice);
    console.notice(Comparison.TAKEN_APART);
    console.info("HTML comparison: " + CompareReport.write(comparison, dirs, output));
    return ExitCodes.PASSED;
  }
}
