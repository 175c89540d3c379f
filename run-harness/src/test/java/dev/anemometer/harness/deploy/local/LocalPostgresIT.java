package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.TuningSpec;
import dev.anemometer.harness.tuning.ConfigRenderer;
import dev.anemometer.harness.tuning.TierTuning;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The embedded PostgreSQL binaries, started with rendered tuning and stopped without a trace. */
class LocalPostgresIT {

  private static final Path BASE = Path.of("target", "it-state").toAbsolutePath();
  private static final LocalPaths PATHS = new LocalPaths(BASE, BASE);

  @Test
  void startsWithItsTuningAndStopsWithEveryBackend() throws Exception {
    Path base = Path.of("target", "it-state").toAbsolutePath();
    LocalPaths paths = new LocalPaths(base, base);
    Path binaries = PostgresBinaries.install(paths.postgresBinariesBase());
    TierTuning.Postgres tuning =
        new TierTuning.Postgres(
            512,
            128,
            333,
            60,
            TuningSpec.SynchronousCommit.OFF,
            6,
            Map.of("max_wal_size", "256MB"));
    int port = Ports.freeLoopbackPort();
    LocalPostgres postgres =
        LocalPostgres.start(
            binaries,
            paths.postgresData(0).resolveSibling("instance-it-" + port),
            port,
            ConfigRenderer.postgresSettings(tuning),
            base.resolve("logs/postgres-" + port + ".log"));
    List<ProcessHandle> tree;
    try {
      String url = postgres.createDatabase("tuned");
      try (Connection connection =
              DriverManager.getConnection(url, "postgres", postgres.password());
          Statement statement = connection.createStatement()) {
        assertThat(show(statement, "shared_buffers")).isEqualTo("128MB");
        assertThat(show(statement, "effective_cache_size")).isEqualTo("333MB");
        assertThat(show(statement, "max_connections")).isEqualTo("60");
        assertThat(show(statement, "synchronous_commit")).isEqualTo("off");
        assertThat(show(statement, "work_mem")).isEqualTo("6MB");
        assertThat(show(statement, "max_wal_size")).isEqualTo("256MB");
      }
      tree =
          java.util.stream.Stream.concat(
                  java.util.stream.Stream.of(postgres.process().handle()),
                  postgres.process().handle().descendants())
              .toList();
      assertThat(tree).hasSizeGreaterThan(1); // checkpointer, walwriter… are its children
    } finally {
      postgres.stop();
    }
    assertThat(tree).noneMatch(ProcessHandle::isAlive);
    assertThat(Ports.accepting(port)).isFalse();
  }

  @Test
  void onlyAClientWithTheSavedPasswordIsLetIn() throws Exception {
    int port = Ports.freeLoopbackPort();
    Path dataDir = PATHS.postgresData(0).resolveSibling("instance-auth-" + port);
    LocalPostgres postgres = startUntuned(dataDir, port);
    try {
      String url = postgres.jdbcUrl("postgres");
      Path saved = PostgresPassword.fileOf(dataDir);

      assertThat(postgres.password()).hasSizeGreaterThanOrEqualTo(32);
      assertThat(Files.readString(saved)).isEqualTo(postgres.password());
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(saved)))
          .isEqualTo("rw-------");
      assertThat(Files.readString(dataDir.resolve("pg_hba.conf")))
          .contains("scram-sha-256")
          .doesNotContainPattern("(?m)^[^#\\n]*\\btrust\\b");
      for (String wrong : new String[] {"", "postgres", "not-" + postgres.password()}) {
        assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", wrong).close())
            .as("logging in with '" + wrong + "'")
            .isInstanceOf(SQLException.class)
            // 28…: the server refused the login; 08004: it asked for the password none was given
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).matches("28...|08004"));
      }
      try (Connection connection =
              DriverManager.getConnection(url, "postgres", postgres.password());
          Statement statement = connection.createStatement()) {
        assertThat(show(statement, "password_encryption")).isEqualTo("scram-sha-256");
      }
    } finally {
      postgres.stop();
    }

    LocalPostgres again = startUntuned(dataDir, port);
    try {
      assertThat(again.password())
          .as("the kept data folder's password")
          .isEqualTo(Files.readString(PostgresPassword.fileOf(dataDir)));
      again.createDatabase("after_restart");
    } finally {
      again.stop();
    }
  }

  private static LocalPostgres startUntuned(Path dataDir, int port) throws Exception {
    return LocalPostgres.start(
        PostgresBinaries.install(PATHS.postgresBinariesBase()),
        dataDir,
        port,
        Map.of(),
        BASE.resolve("logs/postgres-" + port + ".log"));
  }

  private static String show(Statement statement, String setting) throws Exception {
    try (ResultSet rows = statement.executeQuery("SHOW " + setting)) {
      rows.next();
      return rows.getString(1);
    }
  }
}
