package dev.anemometer.driver.cli;

import dev.anemometer.driver.control.RemoteLoadGenerator;
import dev.anemometer.driver.control.WorkerClient;
import java.net.http.HttpClient;
import java.nio.file.Path;
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

  @Option(
      names = "--metrics-port",
      description = "Serve Prometheus metrics at http://127.0.0.1:<port>/metrics (0: a free port).")
  Integer metricsPort;

  @Option(
      names = "--workers",
      split = ",",
      required = true,
      description = "Workers as host:port, comma-separated.")
  List<String> workers;

  @Option(
      names = "--out",
      description = "Results directory (default driver-results/<time>-<name>).")
  Path out;

  @Option(
      names = "--control-port",
      description = "Serve the control API (status, set users, stop) on this port.")
  Integer controlPort;

  ControllerCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws Exception {
    var spec = load.toRunSpec();
    HttpClient http = HttpClient.newHttpClient();
    List<WorkerClient> clients = new ArrayList<>();
    for (String worker : workers) {
      clients.add(new WorkerClient(WorkerClient.baseOf(worker), control.token, http));
    }
    var generator = new RemoteLoadGenerator(clients, environment.time());
    return RunExecution.execute(
        spec, generator, environment, out, controlPort, control, metricsPort);
  }
}
