package dev.anemometer.driver.cli;

import dev.anemometer.driver.control.ControlServer;
import dev.anemometer.driver.control.WorkerNode;
import dev.anemometer.driver.spec.ExitCodes;
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

  WorkerCommand(Environment environment) {
    this.environment = environment;
  }

  @Override
  public Integer call() throws Exception {
    WorkerNode node =
        new WorkerNode(
            environment::newLocalGenerator,
            environment.time(),
            DurationText.parse("--lease", lease));
    ControlServer server = node.serveOn(control.bind(port)).start();
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
