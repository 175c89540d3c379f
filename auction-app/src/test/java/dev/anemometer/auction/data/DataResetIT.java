package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.auction.support.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DataResetIT {

  private static final int MAX_USERS = 30;
  // Columns a reset legitimately renews (clock times of the fresh OPEN rows) are left out.
  private static final Map<String, String> CONTENT =
      Map.of(
          "app_user",
          "SELECT id, email, password_hash, credit_limit, initial_credit_limit FROM app_user",
          "auth_token",
          "SELECT token, user_id FROM auth_token",
          "auction",
          "SELECT id, name, state, start_time, end_time, current_item_id FROM auction",
          "item",
          "SELECT id, auction_id, position, state, starting_bid FROM item",
          "high_bid",
          "SELECT item_id, auction_id, amount, bidder_id, bid_count, state,"
              + " CASE WHEN state = 'OPEN' THEN NULL ELSE state_changed_at END FROM high_bid",
          "bid",
          "SELECT id, item_id, bidder_id, amount, outcome, bid_time FROM bid",
          "attendance",
          "SELECT id, user_id, auction_id, joined_at, left_at FROM attendance",
          "item_image",
          "SELECT id, item_id, thumbnail_content_id, preview_content_id, full_content_id"
              + " FROM item_image",
          "image_content",
          "SELECT id, etag FROM image_content");

  private static TestPostgres.Database database;

  @BeforeAll
  static void load() {
    database = TestPostgres.newDatabase();
    DataCli.Outcome load = DataCli.run(database, "load", "--max-users", String.valueOf(MAX_USERS));
    assertThat(load.exitCode()).as(load.err()).isZero();
  }

  @Test
  void resetUndoesWhatARunDidAndIsIdempotent() throws SQLException {
    Map<String, String> afterLoad = snapshot();
    simulateARun();
    assertThat(snapshot()).isNotEqualTo(afterLoad);

    DataCli.Outcome reset = DataCli.run(database, "reset");
    assertThat(reset.exitCode()).as(reset.err()).isZero();
    assertThat(reset.out()).contains("reset in").contains("3 bids removed");
    assertThat(snapshot()).isEqualTo(afterLoad);
    assertLiveAuctionsStartAfresh();

    DataCli.Outcome again = DataCli.run(database, "reset");
    assertThat(again.exitCode()).as(again.err()).isZero();
    assertThat(again.out()).contains("0 bids removed");
    assertThat(snapshot()).isEqualTo(afterLoad);
    assertLiveAuctionsStartAfresh();
  }

  @Test
  void resetLeavesNoDeadRowsForTheNextRunToReadPast() throws SQLException {
    simulateARun();

    DataCli.Outcome reset = DataCli.run(database, "reset");

    assertThat(reset.exitCode()).as(reset.err()).isZero();
    assertThat(reset.out()).contains("vacuum and analyze");
    // The run's rows that the reset deletes, and the old versions of the rows it rewrites, stay as
    // dead rows until a vacuum removes them (autovacuum waits for a fifth of a large table): a
    // vacuum now finds none left to remove.
    assertThat(rowsAVacuumRemoves())
        .as("dead rows a vacuum after the reset still removes, per table")
        .containsOnlyKeys(LoadPlan.TABLES)
        .allSatisfy((table, removed) -> assertThat(removed).as(table).isZero());
  }

  @Test
  void resetRefusesADatabaseWithoutADataset() {
    TestPostgres.Database empty = TestPostgres.newDatabase();
    DataCli.Outcome reset = DataCli.run(empty, "reset");
    assertThat(reset.exitCode()).isEqualTo(1);
    assertThat(reset.err().lines()).singleElement().asString().contains("data load");
  }

  /** What {@code VACUUM (VERBOSE)} of each table reports as "tuples: N removed". */
  private static Map<String, Long> rowsAVacuumRemoves() throws SQLException {
    Pattern removed = Pattern.compile("tuples: (\\d+) removed");
    Map<String, Long> rows = new TreeMap<>();
    try (Connection connection = DataCli.connect(database);
        Statement statement = connection.createStatement()) {
      statement.execute("SET client_min_messages = info");
      for (String table : LoadPlan.TABLES) {
        statement.clearWarnings();
        statement.execute("VACUUM (VERBOSE) " + table);
        for (SQLWarning w = statement.getWarnings(); w != null; w = w.getNextWarning()) {
          Matcher matcher = removed.matcher(String.valueOf(w.getMessage()));
          if (matcher.find()) {
            rows.put(table, Long.parseLong(matcher.group(1)));
          }
        }
      }
    }
    return rows;
  }

  /** What the application would do in a run, written as its SQL would. */
  private static void simulateARun() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      long newUser =
          DataCli.count(
              connection,
              "INSERT INTO app_user (email, password_hash, password_salt, first_name, last_name,"
                  + " credit_limit, initial_credit_limit) VALUES ('late@x', 'h', 's', 'L', 'A',"
                  + " 10, 10) RETURNING id");
      long firstItem =
          DataCli.count(connection, "SELECT current_item_id FROM auction WHERE id = 1");
      long newAuction =
          DataCli.count(
              connection,
              "INSERT INTO auction (name, category, start_time, state, auctioneer_id)"
                  + " VALUES ('run', 'c', now(), 'RUNNING', "
                  + newUser
                  + ") RETURNING id");
      long newItem =
          DataCli.count(
              connection,
              "INSERT INTO item (auction_id, seller_id, short_description, long_description,"
                  + " manufacturer, condition, starting_bid, state) VALUES ("
                  + newAuction
                  + ", 3, 's', 'l', 'm', 'NEW', 5, 'ACTIVE') RETURNING id");
      long newContent =
          DataCli.count(
              connection,
              "INSERT INTO image_content (content_type, etag, data)"
                  + " VALUES ('image/jpeg', 'e', '\\x00') RETURNING id");
      DataCli.execute(
          connection,
          "INSERT INTO auth_token (token, user_id) VALUES ('t1', 1), ('t2', " + newUser + ")",
          "UPDATE app_user SET credit_limit = credit_limit - 250 WHERE id IN (2, 3)",
          "INSERT INTO item_image (item_id, thumbnail_content_id, preview_content_id,"
              + " full_content_id) VALUES ("
              + newItem
              + ", "
              + newContent
              + ", 2, 3), (1, 1, 2, 3)",
          "INSERT INTO high_bid (item_id, auction_id, state) VALUES ("
              + newItem
              + ", "
              + newAuction
              + ", 'OPEN')",
          "INSERT INTO item (seller_id, short_description, long_description, manufacturer,"
              + " condition, starting_bid, state) VALUES (4, 's', 'l', 'm', 'USED', 1, 'LISTED')",
          // Bids on the first live item, the last by the account the run created; it is sold.
          "INSERT INTO bid (item_id, auction_id, bidder_id, amount, outcome) VALUES ("
              + firstItem
              + ", 1, 5, 600, 'ACCEPTED_HIGH'), ("
              + firstItem
              + ", 1, 6, 500,"
              + " 'OUTBID'), ("
              + firstItem
              + ", 1, "
              + newUser
              + ", 700, 'ACCEPTED_HIGH')",
          "UPDATE high_bid SET amount = 700, bidder_id = "
              + newUser
              + ", bid_count = 5,"
              + " state = 'SOLD', due_at = NULL WHERE item_id = "
              + firstItem,
          "UPDATE item SET state = 'SOLD' WHERE id = " + firstItem,
          "UPDATE item SET state = 'ACTIVE' WHERE id = " + (firstItem + 1),
          "INSERT INTO high_bid (item_id, auction_id, state, due_at) VALUES ("
              + (firstItem + 1)
              + ", 1, 'LAST_CALL', now())",
          "UPDATE auction SET current_item_id = " + (firstItem + 1) + " WHERE id = 1",
          "INSERT INTO attendance (user_id, auction_id) VALUES (5, 1), (" + newUser + ", 2)");
    }
  }

  private static void assertLiveAuctionsStartAfresh() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      assertThat(
              DataCli.count(
                  connection,
                  """
                  SELECT count(*) FROM auction a
                  JOIN item i ON i.id = a.current_item_id AND i.position = 0
                  JOIN high_bid h ON h.item_id = i.id
                  WHERE a.state = 'RUNNING' AND i.state = 'ACTIVE' AND h.state = 'OPEN'
                    AND h.bid_count = 0 AND h.due_at = 'infinity' AND h.bidder_id IS NULL
                    AND h.opened_at > (SELECT loaded_at FROM dataset)
                  """))
          .isEqualTo(new DatasetLayout(MAX_USERS).liveAuctions());
    }
  }

  private static Map<String, String> snapshot() throws SQLException {
    Map<String, String> checksums = new LinkedHashMap<>();
    try (Connection connection = DataCli.connect(database);
        Statement statement = connection.createStatement()) {
      for (String table : CONTENT.keySet().stream().sorted().toList()) {
        try (ResultSet row =
            statement.executeQuery(
                "SELECT count(*) || ' rows, md5 ' || coalesce(md5(string_agg(t::text, '|'"
                    + " ORDER BY t::text)), '-') FROM ("
                    + CONTENT.get(table)
                    + ") t")) {
          row.next();
          checksums.put(table, row.getString(1));
        }
      }
    }
    return checksums;
  }
}
