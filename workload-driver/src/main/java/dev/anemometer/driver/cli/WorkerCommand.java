package dev.anemometer.driver.cli;

import dev.anemometer.driver.control.ControlServer;
import dev.anemometer.driver.control.WorkerLimits;
import dev.anemometer.driver.control.WorkerNode;
import dev.anemometer.driver.spec.ExitCodes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    description =
        "Serves the worker control API and runs the users a controller assigns; runs until killed.")
final class WorkerCommand implements Callable<Integer> {

  private final Environment environment;

  @Mixin ControlOptions control;

  @Option(
      names = "--port",
      required = true,
      description = "Port of the control API (0 picks a free one).")
  int port;

  @Option(
      names = "--lease",
      defaultValue = "60s",
      description =
          "Stop the users when the controller has not collected stats for this long (default"
              + " ${DEFAULT-VALUE}).")
  String lease;

  @Option(
      names = "--allow-target",
      split = ",",
      description =
          "Hosts (names or addresses, as the controller writes them) this worker may load besides"
              + " loopback.")
  List<String> allowedTargets = new ArrayList<>();

  @Option(
      names = "--max-users",
      defaultValue = "" + WorkerLimits.DEFAULT_MAX_USERS,
      description = "The most users of all targets this worker runs (default ${DEFAULT-VALUE}).")
  int maxUsers;

  @Option(
      names = "--max-connections-per-user",
      defaultValue = "" + WorkerLimits.DEFAULT_MAX_CONNECTIONS_PER_USER,
      description = "The most connections one user may open (default ${DEFAULT-VALUE}).")
  int maxConnectionsPerUser;

  WorkerCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws Exception {
    WorkerNode node =
        new WorkerNode(
            environment::newLocalGenerator,
            environment.time(),
            DurationText.parse("--lease", lease),
            new WorkerLimits(Set.copyOf(allowedTargets), maxUsers, maxConnectionsPerUser));
    ControlServer server = node.serveOn(control.bind(port, environment.out())).start();
    ScheduledExecutorService leaseWatch =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread thread = new Thread(runnable, "anemometer-worker-lease");
              thread.setDaemon(true);
              return thread;
            });
    node.watchLease(leaseWatch);
    environment.out().println("worker listening on " + server.address());
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  leaseWatch.shutdownNow();
                  node.close();
                  server.close();
                  stopped.countDown();
                },
                "anemometer-worker-stop"));
    stopped.await();
    return ExitCodes.PASSED;
  }
}
