package dev.anemometer.harness.deploy.local;

import dev.anemometer.harness.database.DatabaseConnections;
import dev.anemometer.harness.deploy.TierStartException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A PostgreSQL server run from the embedded binaries: initdb on first use (the data directory is
 * kept between runs so data need not be reloaded), then {@code postgres} in the foreground as a
 * managed child with the rendered settings. As root it runs as {@code nobody}, since PostgreSQL
 * refuses to run as root. It listens on loopback only, with no Unix socket, and asks every client
 * for the superuser's password (scram-sha-256): see {@link PostgresPassword}.
 */
public final class LocalPostgres {

  public static final String SUPERUSER = "postgres";
  private static final String UNPRIVILEGED = "65534";
  private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
  static final Duration STOP_GRACE = Duration.ofSeconds(30);

  /** PostgreSQL's code for a refused login (a wrong password is 28P01, in the same class). */
  private static final String AUTHORIZATION_CLASS = "28";

  private final ManagedProcess process;
  private final int port;
  private final String password;

  private LocalPostgres(ManagedProcess process, int port, String password) {
    this.process = process;
    this.port = port;
    this.password = password;
  }

  public static LocalPostgres start(
      Path binaries, Path dataDir, int port, Map<String, String> settings, Path log)
      throws IOException {
    return start("postgres", binaries, dataDir, port, settings, log, CorePlacement.shared());
  }

  /**
   * @param name the process name in logs and the deployment state
   */
  public static LocalPostgres start(
      String name,
      Path binaries,
      Path dataDir,
      int port,
      Map<String, String> settings,
      Path log,
      CorePlacement cores)
      throws IOException {
    String password;
    if (!Files.exists(dataDir.resolve("PG_VERSION"))) {
      password = PostgresPassword.create(dataDir);
      initdb(binaries, dataDir, password, log, cores);
    } else {
      password = PostgresPassword.read(dataDir);
    }
    List<String> command = new ArrayList<>(asUnprivileged());
    command.addAll(
        List.of(
            binaries.resolve("bin/postgres").toString(),
            "-D",
            dataDir.toString(),
            "-p",
            String.valueOf(port),
            "-c",
            "listen_addresses=" + Ports.LOOPBACK,
            "-c",
            "unix_socket_directories="));
    settings.forEach((key, value) -> command.addAll(List.of("-c", key + "=" + value)));
    ManagedProcess process = cores.start(name, command, Map.of("LC_ALL", "C"), log);
    LocalPostgres postgres = new LocalPostgres(process, port, password);
    try {
      postgres.awaitReady();
    } catch (RuntimeException e) {
      process.stop(Duration.ofSeconds(5));
      throw e;
    }
    return postgres;
  }

  public ManagedProcess process() {
    return process;
  }

  public int port() {
    return port;
  }

  /** The superuser's password: for the app and loader's environment, never a saved file. */
  public String password() {
    return password;
  }

  public String jdbcUrl(String database) {
    return "jdbc:postgresql://" + Ports.LOOPBACK + ":" + port + "/" + database;
  }

  /** Creates {@code database} unless it exists; returns its JDBC URL. */
  public String createDatabase(String database) {
    return Databases.createIfMissing(jdbcUrl("postgres"), SUPERUSER, password, database);
  }

  private void awaitReady() {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    SQLException last = null;
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new TierStartException(
            "PostgreSQL exited during start; last log lines ("
                + process.log()
                + "):\n"
                + process.logTail(15));
      }
      try (Connection connection =
              DatabaseConnections.open(jdbcUrl("postgres"), SUPERUSER, password);
          Statement statement = connection.createStatement()) {
        statement.execute("SELECT 1");
        return;
      } catch (SQLException e) {
        if (e.getSQLState() != null && e.getSQLState().startsWith(AUTHORIZATION_CLASS)) {
          throw new TierStartException(
              "PostgreSQL on port " + port + " refused the saved password: " + e.getMessage());
        }
        last = e; // starting up, or not listening yet
      }
      try {
        Thread.sleep(250); // polling interval of a deadline loop
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new TierStartException(
        "PostgreSQL on port "
            + port
            + " not ready after "
            + START_TIMEOUT.toSeconds()
            + " s"
            + (last == null ? "" : ": " + last.getMessage())
            + "; log: "
            + process.log());
  }

  private static void initdb(
      Path binaries, Path dataDir, String password, Path log, CorePlacement cores)
      throws IOException {
    Files.createDirectories(dataDir);
    UserPrincipal server = null;
    if (Executables.runningAsRoot()) {
      UserPrincipalLookupService users = dataDir.getFileSystem().getUserPrincipalLookupService();
      server = users.lookupPrincipalByName("nobody");
      Files.setOwner(dataDir, server);
    }
    Path pwfile = PostgresPassword.forInitdb(dataDir, password, server);
    try {
      runInitdb(binaries, dataDir, pwfile, log, cores);
    } finally {
      Files.deleteIfExists(pwfile);
    }
  }

  private static void runInitdb(
      Path binaries, Path dataDir, Path pwfile, Path log, CorePlacement cores) throws IOException {
    List<String> command = new ArrayList<>(asUnprivileged());
    command.addAll(
        List.of(
            binaries.resolve("bin/initdb").toString(),
            "-D",
            dataDir.toString(),
            "-U",
            SUPERUSER,
            "--auth=scram-sha-256",
            "--pwfile=" + pwfile,
            "-E",
            "UTF8",
            "--locale=C"));
    ManagedProcess initdb = cores.start("initdb", command, Map.of("LC_ALL", "C"), log);
    int exit;
    try {
      exit =
          initdb
              .waitForExit(START_TIMEOUT)
              .orElseThrow(
                  () -> {
                    initdb.stop(Duration.ofSeconds(2));
                    return new TierStartException(
                        "initdb did not finish within "
                            + START_TIMEOUT.toSeconds()
                            + " s ("
                            + log
                            + ")");
                  });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      initdb.stop(Duration.ofSeconds(2));
      throw new TierStartException("interrupted during initdb");
    }
    if (exit != 0) {
      throw new TierStartException(
          "initdb failed (exit "
              + exit
              + "); last log lines ("
              + log
              + "):\n"
              + initdb.logTail(15));
    }
  }

  /** Prefix that drops root privileges: PostgreSQL will not run as root. */
  private static List<String> asUnprivileged() {
    if (!Executables.runningAsRoot()) {
      return List.of();
    }
    return List.of(
        "setpriv", "--reuid=" + UNPRIVILEGED, "--regid=" + UNPRIVILEGED, "--clear-groups", "--");
  }

  public void stop() {
    process.stop(STOP_GRACE);
  }
}
