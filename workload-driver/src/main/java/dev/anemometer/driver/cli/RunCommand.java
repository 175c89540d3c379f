package dev.anemometer.driver.cli;

import dev.anemometer.driver.api.LoadRun;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

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
  @Mixin RunOutputOptions output;

  RunCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws Exception {
    var spec = load.toRunSpec();
    return RunExecution.execute(
        LoadRun.of(spec).generator(environment.newLocalGenerator()),
        spec.name(),
        environment,
        output,
        control);
  }
}
