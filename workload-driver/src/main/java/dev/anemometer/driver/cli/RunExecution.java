package dev.anemometer.driver.cli;

import dev.anemometer.driver.api.LoadRun;
import dev.anemometer.driver.output.ConsoleStatus;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.spec.ExitCodes;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** Runs a spec to its end with console and file output; Ctrl-C stops cleanly and keeps results. */
final class RunExecution {

  private RunExecution() {}

  static int execute(
      LoadRun.Builder builder,
      String name,
      Environment environment,
      RunOutputOptions options,
      ControlOptions control)
      throws Exception {
    Path directory = options.out != null ? options.out : defaultDirectory(name);
    builder
        .time(environment.time())
        .output(directory)
        .listener(new ConsoleStatus(environment.out(), environment.terminal()));
    if (options.metricsPort != null) {
      builder.metrics(options.metricsPort);
    }
    if (options.controlPort != null) {
      builder.control(control.bind(options.controlPort, environment.out()));
    }
    try (LoadRun run = builder.open()) {
      run.metricsUrl().ifPresent(url -> environment.out().println("Prometheus metrics on " + url));
      run.controlAddress()
          .ifPresent(address -> environment.out().println("control API on " + address));
      RunResult result = run.run();
      environment.out().println("results in " + directory.toAbsolutePath());
      if (result.error() != null) {
        environment.err().println("error: " + result.error());
        return ExitCodes.INFRASTRUCTURE;
      }
      return result.passed() && result.valid() ? ExitCodes.PASSED : ExitCodes.QOS_FAILED;
    }
  }

  private static Path defaultDirectory(String name) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    return Path.of("driver-results", stamp + "-" + name);
  }
}
