package dev.anemometer.auction.data;

import static dev.anemometer.auction.data.SqlUpdates.update;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code data reset}: undoes what runs did to a loaded dataset in one transaction, using the
 * watermarks of the dataset row: rows above them go (children before parents), tokens go, open
 * attendances close, credit comes back, live auctions restart on their first item. Then every table
 * is vacuumed and analysed, as after a load, so that a run after a reset starts from the physical
 * state a run after a load starts from.
 */
final class DataResetter {

  private final ConnectionSettings database;
  private final PrintStream out;

  DataResetter(ConnectionSettings database, PrintStream out) {
    this.database = database;
    this.out = out;
  }

  /** Returns the number of rows each step touched, in order. */
  Map<String, Integer> reset() throws SQLException, DataCommandException {
    long startNanos = System.nanoTime();
    Map<String, Integer> touched = new LinkedHashMap<>();
    try (Connection connection = database.open()) {
      DatasetRecord record =
          DatasetRecord.read(connection)
              .filter(DatasetRecord::complete)
              .orElseThrow(
                  () ->
                      DataCommandException.refused(
                          "no complete dataset in the database; run data load first"));
      connection.setAutoCommit(false);
      removeWhatRunsAdded(connection, record, touched);
      touched.put(
          "live auctions reactivated",
          LiveAuctions.reactivate(connection, new DatasetLayout(record.maxUsers())));
      // After the reactivation, which drops the live high bids that may name these accounts.
      touched.put(
          "accounts removed",
          update(connection, "DELETE FROM app_user WHERE id > ?", record.userWatermark()));
      touched.put(
          "credit limits restored",
          update(
              connection,
              "UPDATE app_user SET credit_limit = initial_credit_limit"
                  + " WHERE credit_limit <> initial_credit_limit"));
      connection.commit();
    }
    long vacuumNanos = vacuum();
    out.printf(
        Locale.ROOT,
        "reset in %.2f s: %s (vacuum and analyze %.1f s)%n",
        (System.nanoTime() - startNanos) / 1e9,
        touched.entrySet().stream()
            .map(entry -> entry.getValue() + " " + entry.getKey())
            .collect(Collectors.joining(", ")),
        vacuumNanos / 1e9);
    return touched;
  }

  /**
   * VACUUM (ANALYZE) of every table, as the load ends with; returns how long it took. A reset
   * deletes and rewrites tens of thousands of rows per run (28,000 items, 70,000 attendances and
   * 26,000 bids after a findMax at 3,000 users), below what autovacuum waits for on the large
   * tables: without it the next run reads past the dead rows and sets the hint bits and visibility
   * map that a load's vacuum had set, and repeats of one configuration do not start alike.
   */
  private long vacuum() throws SQLException {
    long startNanos = System.nanoTime();
    try (Connection connection = database.open();
        Statement statement = connection.createStatement()) {
      for (String table : LoadPlan.TABLES) {
        statement.execute("VACUUM (ANALYZE) " + table);
      }
    }
    return System.nanoTime() - startNanos;
  }

  /**
   * Runs only add rows above the watermarks (the application never rewrites the ids or parents of
   * loaded rows), so every delete is a range scan of a primary key, children before parents.
   */
  private static void removeWhatRunsAdded(
      Connection connection, DatasetRecord record, Map<String, Integer> touched)
      throws SQLException {
    touched.put("tokens removed", update(connection, "DELETE FROM auth_token"));
    touched.put(
        "bids removed", update(connection, "DELETE FROM bid WHERE id > ?", record.bidWatermark()));
    touched.put(
        "attendances removed",
        update(connection, "DELETE FROM attendance WHERE id > ?", record.attendanceWatermark()));
    touched.put(
        "attendances closed",
        update(connection, "UPDATE attendance SET left_at = now() WHERE left_at IS NULL"));
    update(connection, "DELETE FROM high_bid WHERE item_id > ?", record.itemWatermark());
    touched.put(
        "item images removed",
        update(connection, "DELETE FROM item_image WHERE id > ?", record.imageWatermark()));
    touched.put(
        "image contents removed",
        update(connection, "DELETE FROM image_content WHERE id > ?", record.contentWatermark()));
    touched.put(
        "items removed",
        update(connection, "DELETE FROM item WHERE id > ?", record.itemWatermark()));
    touched.put(
        "auctions removed",
        update(connection, "DELETE FROM auction WHERE id > ?", record.auctionWatermark()));
  }
}
