package dev.anemometer.harness.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the commands that run load write their results folders. */
final class ResultsRootOption {

  @Option(
      names = "--results",
      paramLabel = "DIR",
      description = "Results folder (default: results).")
  Path root = Path.of("results");
}
