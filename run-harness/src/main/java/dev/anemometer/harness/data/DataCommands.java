package dev.anemometer.harness.data;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.TierStartException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The app's data commands ({@code java -jar app.jar data check|load|reset}), run as child processes
 * with their progress lines streamed to the console. The password goes through the environment, not
 * the command line, so that it does not show in a process list.
 */
public final class DataCommands {

  /** Exit code of {@code data check}: the database holds at least the asked users. */
  static final int ENOUGH = 0;

  /** Exit code of {@code data check}: too little or no data; load it. */
  static final int NOT_ENOUGH = 1;

  private final Path java;
  private final Path appJar;
  private final Console console;

  public DataCommands(Path java, Path appJar, Console console) {
    this.java = java;
    this.appJar = appJar;
    this.console = console;
  }

  /**
   * Check → load if needed → reset: afterwards the database holds a fresh {@code maxUsers} set.
   *
   * @param owned the database is Anemometer's own, so a smaller dataset may be replaced ({@code
   *     --force} recreates the schema); never for an external database
   */
  public void prepare(String label, DatabaseEndpoint database, int maxUsers, boolean owned) {
    int check = run(label, database, "check", "--users", String.valueOf(maxUsers));
    if (check == NOT_ENOUGH) {
      console.info(label + ": no data for " + maxUsers + " users yet; loading it");
      load(label, database, maxUsers, owned);
    } else if (check != ENOUGH) {
      throw new TierStartException(label + ": data check failed (exit " + check + ")");
    }
    reset(label, database);
  }

  public void load(String label, DatabaseEndpoint database, int maxUsers, boolean force) {
    String users = String.valueOf(maxUsers);
    int exit =
        force
            ? run(label, database, "load", "--max-users", users, "--force")
            : run(label, database, "load", "--max-users", users);
    requireSuccess(label, "load", exit);
  }

  public void reset(String label, DatabaseEndpoint database) {
    requireSuccess(label, "reset", run(label, database, "reset"));
  }

  private void requireSuccess(String label, String command, int exit) {
    if (exit != 0) {
      throw new TierStartException(label + ": data " + command + " failed (exit " + exit + ")");
    }
  }

  private int run(String label, DatabaseEndpoint database, String command, String... options) {
    List<String> line = new ArrayList<>(List.of(java.toString(), "-jar", appJar.toString()));
    line.addAll(
        List.of("data", command, "--jdbc-url", database.jdbcUrl(), "--user", database.user()));
    line.addAll(List.of(options));
    ProcessBuilder builder = new ProcessBuilder(line).redirectErrorStream(true);
    builder.environment().put("SPRING_DATASOURCE_PASSWORD", database.password());
    Process process = null;
    try {
      process = builder.start();
      process.getOutputStream().close();
      try (BufferedReader output =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String text;
        while ((text = output.readLine()) != null) {
          console.tool(label + " data " + command, text);
        }
      }
      return process.waitFor();
    } catch (IOException e) {
      throw new TierStartException(
          "cannot run the app's data " + command + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TierStartException("interrupted during data " + command);
    } finally {
      if (process != null && process.isAlive()) {
        process.destroyForcibly(); // never leave a loader behind after a failure
      }
    }
  }
}
