package dev.anemometer.driver.cli;

import dev.anemometer.driver.control.ControlServer;
import dev.anemometer.driver.control.RunControl;
import dev.anemometer.driver.metrics.DriverMetrics;
import dev.anemometer.driver.metrics.MetricsServer;
import dev.anemometer.driver.output.ConsoleStatus;
import dev.anemometer.driver.output.OutputDirectory;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LoadGenerator;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.spec.ExitCodes;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Runs a spec to its end with console and file output; Ctrl-C stops cleanly and keeps results. */
final class RunExecution {

  private RunExecution() {}

  static int execute(
      RunSpec spec,
      LoadGenerator generator,
      Environment environment,
      Path out,
      Integer controlPort,
      ControlOptions control,
      Integer metricsPort)
      throws Exception {
    Path directory = out != null ? out : defaultDirectory(spec.name());
    DriverRun run =
        new DriverRun(spec, generator, environment.time())
            .addListener(new ConsoleStatus(environment.out(), environment.terminal()))
            .addListener(new OutputDirectory(directory, System::currentTimeMillis));
    MetricsServer metrics = null;
    if (metricsPort != null) {
      DriverMetrics driverMetrics = new DriverMetrics();
      run.addListener(driverMetrics);
      metrics = MetricsServer.onLoopback(metricsPort, driverMetrics);
      environment.out().println("Prometheus metrics on " + metrics.url());
    }
    ControlServer server = null;
    if (controlPort != null) {
      server = new RunControl(run).serveOn(control.bind(controlPort, environment.out())).start();
      environment.out().println("control API on " + server.address());
    }
    CountDownLatch finished = new CountDownLatch(1);
    Thread stopOnSignal =
        new Thread(
            () -> {
              run.stop();
              awaitQuietly(finished);
            },
            "anemometer-stop");
    Runtime.getRuntime().addShutdownHook(stopOnSignal);
    try {
      RunResult result = run.run();
      environment.out().println("results in " + directory.toAbsolutePath());
      if (result.error() != null) {
        environment.err().println("error: " + result.error());
        return ExitCodes.INFRASTRUCTURE;
      }
      return result.passed() && result.valid() ? ExitCodes.PASSED : ExitCodes.QOS_FAILED;
    } finally {
      finished.countDown();
      if (server != null) {
        server.close();
      }
      if (metrics != null) {
        metrics.close();
      }
      try {
        Runtime.getRuntime().removeShutdownHook(stopOnSignal);
      } catch (IllegalStateException shuttingDown) {
        // The JVM is exiting because of Ctrl-C; the hook is running and waits for us.
      }
    }
  }

  private static Path defaultDirectory(String name) {
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    return Path.of("driver-results", stamp + "-" + name);
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
