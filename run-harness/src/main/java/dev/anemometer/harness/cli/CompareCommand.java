package dev.anemometer.harness.cli;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.report.HtmlReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = "Compare runs side by side: verdict, peak users, duration, strategy.")
final class CompareCommand implements Callable<Integer> {

  @Parameters(
      arity = "2..*",
      paramLabel = "RESULTS_DIR",
      description = "Two or more results folders.")
  List<Path> dirs;

  @Override
  public Integer call() {
    List<List<String>> rows = new ArrayList<>();
    for (Path dir : dirs) {
      JsonNode summary = HtmlReport.readSummary(dir);
      rows.add(
          List.of(
              dir.getFileName().toString(),
              summary.path("preset").asString(""),
              summary.path("strategy").asString(""),
              summary.path("outcome").asString(""),
              summary.path("peakUsers").isMissingNode()
                  ? "-"
                  : summary.path("peakUsers").asString(),
              summary.path("durationSeconds").asString("")));
    }
    new Console(System.out, false)
        .table(List.of("run", "preset", "strategy", "outcome", "peak users", "seconds"), rows);
    return 0;
  }
}
