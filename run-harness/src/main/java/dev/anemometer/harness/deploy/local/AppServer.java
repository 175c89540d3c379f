package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.TierTuning;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One auction app server JVM, tuned by the rendered heap/GC options and Spring properties. */
public final class AppServer {

  /** Generous: a Spring Boot start with Flyway on a loaded two-core machine. */
  static final Duration START_TIMEOUT = Duration.ofSeconds(240);

  /** Spring's graceful shutdown finishes in-flight requests within 20 s. */
  static final Duration STOP_GRACE = Duration.ofSeconds(30);

  /** Goes through the environment, never the command line, so no process list shows it. */
  static final String PASSWORD_PROPERTY = "anemometer.database.password";

  private AppServer() {}

  /** The command line, also saved with the rendered properties under {@code tuning/}. */
  public static List<String> command(
      Path java, Path appJar, TierTuning.App tuning, Map<String, String> properties) {
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(ConfigRenderer.appJvmOptions(tuning));
    command.add("-jar");
    command.add(appJar.toString());
    properties.forEach(
        (key, value) -> {
          if (!key.equals(PASSWORD_PROPERTY)) {
            command.add("--" + key + "=" + value);
          }
        });
    return command;
  }

  public static ManagedProcess start(
      String name,
      List<String> command,
      int port,
      Path propertiesFile,
      String propertiesText,
      String databasePassword,
      Path log,
      CorePlacement cores)
      throws IOException {
    Files.createDirectories(propertiesFile.getParent());
    Files.writeString(propertiesFile, propertiesText);
    ManagedProcess process =
        cores.start(
            name,
            command,
            Map.of(
                "ANEMOMETER_DATABASE_PASSWORD", databasePassword,
                "SPRING_DATASOURCE_PASSWORD", databasePassword),
            log);
    try {
      ReadyCheck.awaitHttp(process, readiness(port), START_TIMEOUT);
    } catch (RuntimeException e) {
      process.stop(STOP_GRACE);
      throw e;
    }
    return process;
  }

  /** Micrometer's Prometheus endpoint: JVM heap, GC and threads, for the soak sampler. */
  public static URI metrics(int port) {
    return URI.create("http://" + Ports.LOOPBACK + ":" + port + "/actuator/prometheus");
  }

  public static URI readiness(int port) {
    return URI.create("http://" + Ports.LOOPBACK + ":" + port + "/actuator/health/readiness");
  }
}
