package dev.anemometer.auction.data;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.flywaydb.core.Flyway;

/**
 * {@code data load}: migrates the schema, drops secondary indexes and foreign keys, streams every
 * table through parallel COPYs, rebuilds what it dropped, activates the live auctions, moves the
 * sequences past the loaded ids, records the dataset row and analyzes the tables.
 */
final class DataLoader {

  /** What to load and how. */
  record Options(int maxUsers, int threads, boolean force) {}

  private final ConnectionSettings database;
  private final PrintStream out;
  private final boolean terminal;

  DataLoader(ConnectionSettings database, PrintStream out, boolean terminal) {
    this.database = database;
    this.out = out;
    this.terminal = terminal;
  }

  DatasetRecord load(Options options) throws Exception {
    try (PicturePool pictures = PicturePool.start(options.threads())) {
      return load(options, pictures);
    }
  }

  private DatasetRecord load(Options options, PicturePool pictures) throws Exception {
    long startNanos = System.nanoTime();
    prepareSchema(options.force());
    DatasetLayout layout = new DatasetLayout(options.maxUsers());
    DatasetFacts facts = new DatasetFacts(layout, Instant.now().getEpochSecond());
    SchemaObjects dropped;
    try (Connection connection = database.open()) {
      DatasetRecord.markLoadStarted(connection);
      dropped =
          SchemaObjects.read(connection, LoadPlan.TABLES).orderedByTable(LoadPlan.LARGEST_FIRST);
      connection.setAutoCommit(false);
      dropped.drop(connection);
      connection.commit();
    }
    List<CopyChunk> chunks = LoadPlan.chunks(facts, pictures);
    long preparedNanos = System.nanoTime();
    try (Progress progress = new Progress(out, terminal, LoadPlan.rows(chunks))) {
      ParallelWork.run(
          "data-copy",
          options.threads(),
          database,
          chunks,
          (connection, chunk) -> BulkCopy.copy(connection, chunk, progress.rowsWritten()));
    } catch (Exception e) {
      undo(dropped, e);
      throw e;
    }
    long copiedNanos = System.nanoTime();
    restore(dropped, options.threads());
    long indexedNanos = System.nanoTime();
    DatasetRecord record = finish(layout);
    analyze(options.threads());
    long doneNanos = System.nanoTime();
    out.printf(
        Locale.ROOT,
        "loaded %,d rows for %,d users in %.1f s (schema %.1f s, copy %.1f s, indexes and keys %.1f s,"
            + " vacuum and analyze %.1f s)%n",
        LoadPlan.rows(chunks) + layout.liveAuctions(),
        layout.maxUsers(),
        seconds(doneNanos - startNanos),
        seconds(preparedNanos - startNanos),
        seconds(copiedNanos - preparedNanos),
        seconds(indexedNanos - copiedNanos),
        seconds(doneNanos - indexedNanos));
    out.printf(
        Locale.ROOT,
        "  %,d accounts, %,d live auctions with %,d items, %,d past auctions with %,d bids,"
            + " %,d future auctions, %,d attendances, %,d item images of %d pictures%n",
        layout.accounts(),
        layout.liveAuctions(),
        layout.liveItems(),
        layout.pastAuctions(),
        layout.bids(),
        layout.futureAuctions(),
        layout.attendances(),
        layout.itemImages(),
        DatasetLayout.PICTURES);
    return record;
  }

  /**
   * Without --force an existing dataset (or the mark of an unfinished load) is never touched. With
   * it, Flyway clean + migrate rather than TRUNCATE, so that even a load killed after dropping its
   * indexes leaves a complete schema behind.
   */
  private void prepareSchema(boolean force) throws SQLException, DataCommandException {
    Flyway flyway = database.flyway().cleanDisabled(!force).load();
    if (force) {
      cleanOnlyOurs(flyway);
    } else {
      refuseIfNotEmpty();
    }
    flyway.migrate();
  }

  private void cleanOnlyOurs(Flyway flyway) throws SQLException, DataCommandException {
    SchemaOwnership ownership;
    try (Connection connection = database.open()) {
      ownership = SchemaOwnership.of(connection);
    }
    if (ownership == SchemaOwnership.FOREIGN) {
      throw DataCommandException.refused(
          "--force cleans only a database holding Anemometer's schema history"
              + " (flyway_schema_history); this schema holds other objects: use an empty database");
    }
    if (ownership == SchemaOwnership.OURS) {
      flyway.clean();
    }
  }

  private void refuseIfNotEmpty() throws SQLException, DataCommandException {
    try (Connection connection = database.open()) {
      var record = DatasetRecord.read(connection);
      if (record.isPresent()) {
        throw DataCommandException.refused(
            record.get().complete()
                ? "the database already holds a dataset for "
                    + record.get().maxUsers()
                    + " users; add --force to replace it"
                : "the database holds an unfinished load; add --force to start again");
      }
      if (hasRows(connection, "app_user") || hasRows(connection, "auction")) {
        throw DataCommandException.refused(
            "the database already holds accounts or auctions; add --force to replace them");
      }
    }
  }

  private static boolean hasRows(Connection connection, String table) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      try (ResultSet exists =
          statement.executeQuery("SELECT to_regclass('" + table + "') IS NOT NULL")) {
        exists.next();
        if (!exists.getBoolean(1)) {
          return false;
        }
      }
      try (ResultSet row = statement.executeQuery("SELECT EXISTS (SELECT 1 FROM " + table + ")")) {
        row.next();
        return row.getBoolean(1);
      }
    }
  }

  private void restore(SchemaObjects dropped, int threads) throws Exception {
    ParallelWork.run("data-index", threads, database, dropped.createIndexes(), DataLoader::execute);
    try (Connection connection = database.open()) {
      for (String sql : dropped.addForeignKeysNotValid()) {
        execute(connection, sql);
      }
    }
    ParallelWork.run(
        "data-validate", threads, database, dropped.validateForeignKeys(), DataLoader::execute);
  }

  /** After a failed COPY: empty the tables and put the schema back, so a plain load works again. */
  private void undo(SchemaObjects dropped, Exception cause) {
    try (Connection connection = database.open();
        Statement statement = connection.createStatement()) {
      statement.execute("TRUNCATE " + String.join(", ", LoadPlan.TABLES) + ", auth_token, dataset");
      restore(dropped, 1);
    } catch (Exception e) {
      cause.addSuppressed(e);
    }
  }

  private DatasetRecord finish(DatasetLayout layout) throws SQLException {
    try (Connection connection = database.open()) {
      connection.setAutoCommit(false);
      LiveAuctions.reactivate(connection, layout);
      DatasetRecord record = DatasetRecord.measure(connection, layout.maxUsers());
      record.advanceSequences(connection);
      record.write(connection);
      connection.commit();
      return record;
    }
  }

  /**
   * VACUUM as well as ANALYZE: it sets the hint bits and visibility map of every fresh page now,
   * rather than letting the first reads of a measured run do those writes.
   */
  private void analyze(int threads) throws Exception {
    ParallelWork.run(
        "data-analyze",
        threads,
        database,
        LoadPlan.TABLES,
        (connection, table) -> execute(connection, "VACUUM (ANALYZE) " + table));
  }

  private static void execute(Connection connection, String sql) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
