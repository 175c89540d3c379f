package dev.anemometer.harness.drive;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.json.EventLog;
import java.nio.file.Path;
import java.util.List;

/**
 * What the load phase gets: the resolved config (strategy, load paths, QoS), the instances with
 * their entry URLs, where to write the driver's files, where to report progress, how the run stops
 * the load early (a tier that died), where to register the driver's own processes (workers), and
 * the workers the target deployed, if it did.
 *
 * @param targetWorkers the driver workers the target deployed, open; null where it deployed none
 */
public record LoadPlan(
    AnemometerConfig config,
    List<DeployedInstance> instances,
    Path driverDir,
    Console console,
    EventLog events,
    List<RunListener> listeners,
    LoadStop stop,
    DriverProcesses driverProcesses,
    TargetWorkers targetWorkers) {

  public LoadPlan {
    listeners = listeners == null ? List.of() : List.copyOf(listeners);
    stop = stop == null ? new LoadStop() : stop;
    driverProcesses = driverProcesses == null ? new DriverProcesses() : driverProcesses;
  }
}
