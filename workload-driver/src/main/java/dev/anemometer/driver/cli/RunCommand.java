package dev.anemometer.driver.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Drives one or more app instances from this process and judges QoS.",
      "Exit codes: 0 pass, 1 QoS fail or invalid, 2 bad input, 3 infrastructure error."
    })
final class RunCommand implements Callable<Integer> {

  private final Environment environment;

  @Mixin LoadOptions load;
  @Mixin ControlOptions control;

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

  RunCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws Exception {
    var spec = load.toRunSpec();
    return RunExecution.execute(
        spec, environment.newLocalGenerator(), environment, out, controlPort, control, metricsPort);
  }
}
