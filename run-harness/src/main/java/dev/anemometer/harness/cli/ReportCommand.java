package dev.anemometer.harness.cli;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.report.HtmlReport;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description =
        "Write report.html into a results folder, a repeat set's folder (…-repeats) or an"
            + " experiment's (…-experiment), and print its path.")
final class ReportCommand implements Callable<Integer> {

  @Parameters(
      paramLabel = "RESULTS_DIR",
      description = "A folder under results/: a run's, a repeat set's or an experiment's.")
  Path dir;

  @Override
  public Integer call() {
    System.out.println(HtmlReport.write(dir));
    return ExitCodes.PASSED;
  }
}
