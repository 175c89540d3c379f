package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.TierTuning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Starts app server {@code k} of one app instance on a free port with the instance's tuning and
 * database, waiting for its readiness probe: at deployment and whenever elasticity adds one.
 */
final class AppLauncher {

  /** One started app server. */
  record Launched(ManagedProcess process, int port) {}

  private final String label;
  private final TierTuning.App tuning;
  private final DatabaseEndpoint database;
  private final Path appJar;
  private final LocalDeployment.Output output;
  private final Console console;
  private final CorePlacement cores;

  AppLauncher(
      String label,
      TierTuning.App tuning,
      DatabaseEndpoint database,
      Path appJar,
      LocalDeployment.Output output,
      Console console,
      CorePlacement cores) {
    this.label = label;
    this.tuning = tuning;
    this.database = database;
    this.appJar = appJar;
    this.output = output;
    this.console = console;
    this.cores = cores;
  }

  String name(int server) {
    return label + "-app-" + server;
  }

  Launched launch(int server) throws IOException {
    String name = name(server);
    int port = Ports.freeLoopbackPort();
    Map<String, String> properties =
        ConfigRenderer.appProperties(
            tuning, port, database.jdbcUrl(), database.user(), database.password());
    List<String> command = AppServer.command(Executables.java(), appJar, tuning, properties);
    String text = ConfigRenderer.appPropertiesFile(label, name, command, properties);
    ManagedProcess process =
        AppServer.start(
            name,
            command,
            port,
            output.tuningDir().resolve(name + ".properties"),
            text,
            database.password(),
            output.logsDir().resolve(name + ".log"),
            cores);
    console.info(
        name
            + " on port "
            + port
            + " (heap "
            + tuning.heapMegabytes()
            + "m, pool "
            + tuning.hikariPoolSize()
            + ")"
            + cores.where());
    return new Launched(process, port);
  }
}
