package dev.anemometer.driver.cli;

import dev.anemometer.driver.api.LoadRun;
import dev.anemometer.driver.api.Worker;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "controller",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the load path and splits its users, accounts and targets across workers;",
      "merges their histograms exactly and judges QoS.",
      "Exit codes: 0 pass, 1 QoS fail or invalid, 2 bad input, 3 infrastructure error."
    })
final class ControllerCommand implements Callable<Integer> {

  private final Environment environment;

  @Mixin LoadOptions load;
  @Mixin ControlOptions control;
  @Mixin RunOutputOptions output;

  @Option(
      names = "--workers",
      split = ",",
      required = true,
      description = "Workers as host:port, comma-separated.")
  List<String> workers;

  ControllerCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws Exception {
    var spec = load.toRunSpec();
    List<Worker> controlled = new ArrayList<>();
    for (String worker : workers) {
      controlled.add(Worker.at(worker, control.token));
    }
    return RunExecution.execute(
        LoadRun.of(spec).usersOn(controlled), spec.name(), environment, output, control);
  }
}
