package dev.anemometer.driver.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a run that this process leads writes its results, and what it serves while it runs. */
final class RunOutputOptions {

  @Option(
      names = "--out",
      description = "Results directory (default driver-results/<time>-<name>).")
  Path out;

  @Option(
      names = "--control-port",
      description = "Serve the control API (status, set users, stop) on this port.")
  Integer controlPort;

  @Option(
      names = "--metrics-port",
      description = "Serve Prometheus metrics at http://127.0.0.1:<port>/metrics (0: a free port).")
  Integer metricsPort;
}
