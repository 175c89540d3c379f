package dev.anemometer.harness.data;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.TierStartException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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

  /**
   * The longest a load may take: the largest preset loads in well under an hour on a slow disk, so
   * a load still running after two has stalled (a paused database, a lock it waits on forever).
   */
  static final Duration LOAD_LIMIT = Duration.ofHours(2);

  /** The longest a check or reset may take: each is a few statements over indexed tables. */
  static final Duration CHECK_LIMIT = Duration.ofMinutes(15);

  /** How long the last lines of a finished child may take to reach the console. */
  private static final Duration RELAY_DRAIN = Duration.ofSeconds(5);

  private final Path java;
  private final Path appJar;
  private final Console console;
  private final Duration loadLimit;
  private final Duration checkLimit;

  public DataCommands(Path java, Path appJar, Console console) {
    this(java, appJar, console, LOAD_LIMIT, CHECK_LIMIT);
  }

  DataCommands(Path java, Path appJar, Console console, Duration loadLimit, Duration checkLimit) {
    this.java = java;
    this.appJar = appJar;
    this.console = console;
    this.loadLimit = loadLimit;
    this.checkLimit = checkLimit;
  }

  /**
   * Check → load if needed → reset: afterwards the database holds a fresh {@code maxUsers} set.
   *
   * @param owned the database is Anemometer's own, so a smaller dataset may be replaced ({@code
   *     --force} recreates the schema); never for an external database
   */
  public void prepare(String label, DatabaseEndpoint database, int maxUsers, boolean owned) {
    int check = run(label, database, checkLimit, "check", "--users", String.valueOf(maxUsers));
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
            ? run(label, database, loadLimit, "load", "--max-users", users, "--force")
            : run(label, database, loadLimit, "load", "--max-users", users);
    requireSuccess(label, "load", exit);
  }

  public void reset(String label, DatabaseEndpoint database) {
    requireSuccess(label, "reset", run(label, database, checkLimit, "reset"));
  }

  private void requireSuccess(String label, String command, int exit) {
    if (exit != 0) {
      throw new TierStartException(label + ": data " + command + " failed (exit " + exit + ")");
    }
  }

  private int run(
      String label, DatabaseEndpoint database, Duration limit, String command, String... options) {
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
      Thread relay = relay(process, label + " data " + command);
      if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new TierStartException(
            label
                + ": data "
                + command
                + " did not finish within "
                + limit.toMinutes()
                + " min (database stalled?); stopped it");
      }
      relay.join(RELAY_DRAIN.toMillis());
      return process.exitValue();
    } catch (IOException e) {
      throw new TierStartException(
          "cannot run the app's data " + command + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TierStartException("interrupted during data " + command);
    } finally {
      if (process != null && process.isAlive()) {
        // never leave a loader behind after a failure, nor a child it started
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        awaitStopped(process);
      }
    }
  }

  private static void awaitStopped(Process process) {
    try {
      process.waitFor(RELAY_DRAIN.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The child's lines to the console, on their own thread so that the wait above has a limit. */
  private Thread relay(Process process, String source) {
    Thread relay =
        new Thread(
            () -> {
              try (BufferedReader output =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String text;
                while ((text = output.readLine()) != null) {
                  console.tool(source, text);
                }
              } catch (IOException closed) {
                // the child was stopped; its last lines are lost with it
              }
            },
            "anemometer-data-output");
    relay.setDaemon(true);
    relay.start();
    return relay;
  }
}
