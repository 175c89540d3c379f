package dev.anemometer.auction.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.anemometer.auction.support.TestPostgres;
import dev.anemometer.auction.system.security.PasswordHasher;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class DataLoadIT {

  private static final int MAX_USERS = 60;
  private static TestPostgres.Database database;
  private static DataCli.Outcome load;

  @BeforeAll
  static void loadSixtyUsers() {
    database = TestPostgres.newDatabase();
    load = DataCli.run(database, "load", "--max-users", String.valueOf(MAX_USERS));
    assertThat(load.exitCode()).as(load.err()).isZero();
  }

  @Test
  void loadsFiveAccountsPerUserEachLoggingInWithItsNumberedPassword() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      assertThat(DataCli.count(connection, "SELECT count(*) FROM app_user"))
          .isEqualTo(5L * MAX_USERS);
      assertThat(DataCli.count(connection, "SELECT max(id) FROM app_user"))
          .isEqualTo(5L * MAX_USERS);
      PasswordHasher hasher = new PasswordHasher();
      for (long id : List.of(1L, 137L, 5L * MAX_USERS)) {
        try (PreparedStatement query =
            connection.prepareStatement(
                "SELECT email, password_salt, password_hash, credit_limit, initial_credit_limit"
                    + " FROM app_user WHERE id = ?")) {
          query.setLong(1, id);
          try (ResultSet row = query.executeQuery()) {
            assertThat(row.next()).isTrue();
            assertThat(row.getString(1)).isEqualTo("user" + id + "@auction.test");
            assertThat(hasher.matches("password" + id, row.getString(2), row.getString(3)))
                .isTrue();
            assertThat(hasher.matches("password" + (id + 1), row.getString(2), row.getString(3)))
                .isFalse();
            assertThat(row.getBigDecimal(4)).isEqualByComparingTo(row.getBigDecimal(5));
          }
        }
      }
      assertThat(DataCli.count(connection, "SELECT count(DISTINCT password_salt) FROM app_user"))
          .isEqualTo(5L * MAX_USERS);
    }
  }

  /**
   * First items open with the climb left that a steady state finds, in log-price units: over eight
   * auctions of every starting bid 10–499, the remaining climbs are spread as the table says (12.4
   * % of them within 0.2 of the ceiling, 0.2 / E[K]), and none has more left than its own climb, so
   * none opens below its starting bid.
   */
  @Test
  void firstItemsOpenWithTheClimbLeftThatASteadyStateFinds() throws SQLException {
    double[] table = LiveAuctions.REMAINING_CLIMBS;
    try (Connection connection = DataCli.connect(database)) {
      double[][] rows = remainingAndOwnClimbs(connection, 8 * 490);
      double[] remaining = Arrays.stream(rows).mapToDouble(row -> row[0]).toArray();

      assertThat(Arrays.stream(remaining).min().orElseThrow()).isPositive();
      assertThat(Arrays.stream(remaining).average().orElseThrow())
          .isCloseTo(Arrays.stream(table).average().orElseThrow(), withinPercentage(0.5));
      assertThat(Arrays.stream(remaining).filter(r -> r < 0.2).count() / (double) remaining.length)
          .isCloseTo(0.124, within(0.005));
      assertThat(Arrays.asList(rows))
          .allSatisfy(row -> assertThat(row[0]).isLessThanOrEqualTo(row[1] + 1e-6));
    }
  }

  @Test
  void startsOneLiveAuctionPerFifteenUsersOnItsFirstOfTenToTwentyItems() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      assertThat(DataCli.count(connection, "SELECT count(*) FROM auction WHERE state = 'RUNNING'"))
          .isEqualTo(MAX_USERS / 15);
      assertThat(
              DataCli.longs(
                  connection,
                  "SELECT count(i.id) FROM auction a JOIN item i ON i.auction_id = a.id"
                      + " WHERE a.state = 'RUNNING' GROUP BY a.id"))
          .hasSize(MAX_USERS / 15)
          .allSatisfy(items -> assertThat(items).isBetween(10L, 20L));
      assertThat(
              DataCli.count(
                  connection,
                  """
                  SELECT count(*) FROM auction a
                  JOIN item i ON i.id = a.current_item_id AND i.auction_id = a.id
                  JOIN high_bid h ON h.item_id = i.id AND h.auction_id = a.id
                  WHERE a.state = 'RUNNING' AND i.position = 0 AND i.state = 'ACTIVE'
                    AND h.state = 'OPEN' AND h.bid_count = 0 AND h.bidder_id IS NULL
                    AND h.amount >= i.starting_bid AND h.amount < 1000
                    AND h.opened_at >= (SELECT loaded_at FROM dataset)
                    AND h.due_at = 'infinity'
                  """))
          .isEqualTo(MAX_USERS / 15);
      assertThat(
              DataCli.count(
                  connection,
                  "SELECT count(*) FROM auction a JOIN item i ON i.auction_id = a.id"
                      + " WHERE a.state = 'RUNNING' AND i.position > 0 AND i.state <> 'LISTED'"))
          .isZero();
      assertThat(
              DataCli.count(
                  connection,
                  "SELECT count(*) FROM high_bid h JOIN auction a ON a.id = h.auction_id"
                      + " WHERE a.state = 'RUNNING'"))
          .isEqualTo(MAX_USERS / 15);
    }
  }

  @Test
  void givesEveryItemFourImagesInThreeSizes() throws SQLException, IOException {
    try (Connection connection = DataCli.connect(database)) {
      assertThat(
              DataCli.longs(
                  connection,
                  "SELECT count(m.id) FROM item i LEFT JOIN item_image m ON m.item_id = i.id"
                      + " GROUP BY i.id"))
          .isNotEmpty()
          .allSatisfy(images -> assertThat(images).isEqualTo(4L));
      assertThat(
              DataCli.count(
                  connection,
                  "SELECT count(*) FROM (SELECT item_id FROM item_image GROUP BY item_id"
                      + " HAVING count(DISTINCT full_content_id) < 4) duplicates"))
          .isZero();
      try (PreparedStatement query =
              connection.prepareStatement(
                  """
                  SELECT t.data, p.data, f.data, f.content_type FROM item_image m
                  JOIN image_content t ON t.id = m.thumbnail_content_id
                  JOIN image_content p ON p.id = m.preview_content_id
                  JOIN image_content f ON f.id = m.full_content_id
                  WHERE m.item_id IN (1, 2)
                  """);
          ResultSet rows = query.executeQuery()) {
        int images = 0;
        while (rows.next()) {
          images++;
          assertThat(width(rows.getBytes(1))).isLessThanOrEqualTo(100);
          assertThat(width(rows.getBytes(2))).isGreaterThan(100).isLessThanOrEqualTo(350);
          assertThat(width(rows.getBytes(3))).isGreaterThan(350);
          assertThat(rows.getString(4)).isEqualTo("image/jpeg");
        }
        assertThat(images).isEqualTo(8);
      }
      assertThat(DataCli.count(connection, "SELECT count(DISTINCT etag) FROM image_content"))
          .isEqualTo(DatasetLayout.PICTURES * 3L);
    }
  }

  @Test
  void recordsTwoAndAHalfPastAuctionsPerUserOfTenSoldItemsWithTwentyBidsEach() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      long past = MAX_USERS * 5 / 2;
      assertThat(DataCli.count(connection, "SELECT count(*) FROM auction WHERE state = 'COMPLETE'"))
          .isEqualTo(past);
      assertThat(
              DataCli.count(
                  connection,
                  "SELECT count(*) FROM item i JOIN auction a ON a.id = i.auction_id"
                      + " WHERE a.state = 'COMPLETE' AND i.state = 'SOLD'"))
          .isEqualTo(past * 10);
      assertThat(
              DataCli.longs(
                  connection,
                  "SELECT count(b.id) FROM item i JOIN auction a ON a.id = i.auction_id"
                      + " LEFT JOIN bid b ON b.item_id = i.id"
                      + " WHERE a.state = 'COMPLETE' GROUP BY i.id"))
          .hasSize((int) past * 10)
          .allSatisfy(bids -> assertThat(bids).isEqualTo(20L));
      // The SOLD high bid is the item's largest bid, placed by its winner.
      assertThat(
              DataCli.count(
                  connection,
                  """
                  SELECT count(*) FROM high_bid h
                  JOIN bid b ON b.item_id = h.item_id AND b.amount = h.amount
                            AND b.bidder_id = h.bidder_id
                  WHERE h.state = 'SOLD'
                    AND h.amount = (SELECT max(amount) FROM bid x WHERE x.item_id = h.item_id)
                  """))
          .isEqualTo(past * 10);
      assertThat(DataCli.count(connection, "SELECT count(*) FROM auction WHERE state = 'FUTURE'"))
          .isPositive();
    }
  }

  @Test
  void givesEveryAccountAttendanceAndPurchaseHistory() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      assertThat(
              DataCli.count(
                  connection,
                  "SELECT count(*) FROM app_user u WHERE NOT EXISTS"
                      + " (SELECT 1 FROM attendance a WHERE a.user_id = u.id)"))
          .isZero();
      assertThat(
              DataCli.count(
                  connection,
                  "SELECT count(*) FROM app_user u WHERE NOT EXISTS (SELECT 1 FROM high_bid h"
                      + " WHERE h.bidder_id = u.id AND h.state = 'SOLD')"))
          .isZero();
      assertThat(DataCli.count(connection, "SELECT count(*) FROM attendance"))
          .isEqualTo(5L * MAX_USERS * DatasetLayout.ATTENDANCES_PER_ACCOUNT);
      assertThat(DataCli.count(connection, "SELECT count(*) FROM attendance WHERE left_at IS NULL"))
          .isZero();
    }
  }

  @Test
  void movesEverySequencePastTheLoadedIds() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      connection.setAutoCommit(false);
      long user =
          DataCli.count(
              connection,
              "INSERT INTO app_user (email, password_hash, password_salt, first_name, last_name,"
                  + " credit_limit, initial_credit_limit) VALUES ('new@x', 'h', 's', 'N', 'U',"
                  + " 1, 1) RETURNING id");
      long auction =
          DataCli.count(
              connection,
              "INSERT INTO auction (name, category, start_time, state, auctioneer_id)"
                  + " VALUES ('n', 'c', now(), 'FUTURE', 1) RETURNING id");
      long item =
          DataCli.count(
              connection,
              "INSERT INTO item (seller_id, short_description, long_description, manufacturer,"
                  + " condition, starting_bid, state) VALUES (1, 's', 'l', 'm', 'NEW', 1,"
                  + " 'LISTED') RETURNING id");
      long bid =
          DataCli.count(
              connection,
              "INSERT INTO bid (item_id, auction_id, bidder_id, amount, outcome)"
                  + " VALUES (1, 1, 1, 1, 'OUTBID') RETURNING id");
      long attendance =
          DataCli.count(
              connection,
              "INSERT INTO attendance (user_id, auction_id) VALUES (1, 1) RETURNING id");
      long content =
          DataCli.count(
              connection,
              "INSERT INTO image_content (content_type, etag, data)"
                  + " VALUES ('image/jpeg', 'e', '\\x00') RETURNING id");
      long image =
          DataCli.count(
              connection,
              "INSERT INTO item_image (item_id, thumbnail_content_id, preview_content_id,"
                  + " full_content_id) VALUES (1, 1, 2, 3) RETURNING id");
      assertThat(user).isEqualTo(5L * MAX_USERS + 1);
      assertThat(auction).isEqualTo(DataCli.count(connection, "SELECT max(id) FROM auction"));
      assertThat(DataCli.count(connection, "SELECT count(*) FROM auction WHERE id = " + auction))
          .isOne();
      assertThat(List.of(item, bid, attendance, content, image))
          .allSatisfy(id -> assertThat(id).isPositive());
      DatasetRecord record = DatasetRecord.read(connection).orElseThrow();
      assertThat(item).isGreaterThan(record.itemWatermark());
      assertThat(bid).isGreaterThan(record.bidWatermark());
      assertThat(attendance).isGreaterThan(record.attendanceWatermark());
      assertThat(content).isGreaterThan(record.contentWatermark());
      assertThat(image).isGreaterThan(record.imageWatermark());
      assertThat(auction).isGreaterThan(record.auctionWatermark());
      connection.rollback();
    }
  }

  @Test
  void recordsTheDatasetSizeAndWatermarks() throws SQLException {
    try (Connection connection = DataCli.connect(database)) {
      DatasetRecord record = DatasetRecord.read(connection).orElseThrow();
      DatasetLayout layout = new DatasetLayout(MAX_USERS);
      assertThat(record.maxUsers()).isEqualTo(MAX_USERS);
      assertThat(record.userWatermark()).isEqualTo(layout.accounts());
      assertThat(record.auctionWatermark()).isEqualTo(layout.auctions());
      assertThat(record.itemWatermark()).isEqualTo(layout.items());
      assertThat(record.bidWatermark()).isEqualTo(layout.bids());
      assertThat(record.attendanceWatermark()).isEqualTo(layout.attendances());
      assertThat(record.imageWatermark()).isEqualTo(layout.itemImages());
      assertThat(record.contentWatermark()).isEqualTo(layout.imageContents());
      assertThat(load.out()).contains("loaded").contains("300 accounts");
    }
  }

  @Test
  void leavesEveryIndexAndForeignKeyOfTheSchemaInPlace() throws SQLException {
    TestPostgres.Database fresh = TestPostgres.newDatabase();
    Flyway.configure().dataSource(fresh.jdbcUrl(), fresh.user(), fresh.password()).load().migrate();
    try (Connection loaded = DataCli.connect(database);
        Connection migrated = DataCli.connect(fresh)) {
      SchemaObjects afterLoad = SchemaObjects.read(loaded, LoadPlan.TABLES);
      SchemaObjects expected = SchemaObjects.read(migrated, LoadPlan.TABLES);
      assertThat(expected.indexes()).isNotEmpty();
      assertThat(expected.foreignKeys()).isNotEmpty();
      assertThat(afterLoad).isEqualTo(expected);
      assertThat(
              DataCli.count(
                  loaded,
                  "SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND NOT convalidated"))
          .isZero();
    }
  }

  @Test
  void refusesToLoadOverADatasetUnlessForced() throws SQLException {
    TestPostgres.Database small = TestPostgres.newDatabase();
    assertThat(DataCli.run(small, "load", "--max-users", "15").exitCode()).isZero();

    DataCli.Outcome refused = DataCli.run(small, "load", "--max-users", "30");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err().lines()).singleElement().asString().contains("--force");

    DataCli.Outcome forced = DataCli.run(small, "load", "--max-users", "30", "--force");
    assertThat(forced.exitCode()).as(forced.err()).isZero();
    try (Connection connection = DataCli.connect(small)) {
      assertThat(DataCli.count(connection, "SELECT count(*) FROM app_user")).isEqualTo(150);
      assertThat(DataCli.count(connection, "SELECT max_users FROM dataset")).isEqualTo(30);
    }
  }

  @Test
  void forceRefusesToCleanASchemaWithoutThisProjectsHistoryAndDropsNothing() throws SQLException {
    TestPostgres.Database foreign = TestPostgres.newDatabase();
    try (Connection connection = DataCli.connect(foreign)) {
      DataCli.execute(
          connection,
          "CREATE TABLE invoices (id bigint PRIMARY KEY)",
          "INSERT INTO invoices VALUES (1)");
    }

    DataCli.Outcome refused = DataCli.run(foreign, "load", "--max-users", "15", "--force");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err().lines())
        .singleElement()
        .asString()
        .contains("--force")
        .contains("flyway_schema_history");
    try (Connection connection = DataCli.connect(foreign)) {
      assertThat(DataCli.count(connection, "SELECT count(*) FROM invoices")).isEqualTo(1);
    }
  }

  @Test
  void forceLoadsIntoAnEmptyDatabase() throws SQLException {
    TestPostgres.Database empty = TestPostgres.newDatabase();

    DataCli.Outcome forced = DataCli.run(empty, "load", "--max-users", "15", "--force");

    assertThat(forced.exitCode()).as(forced.err()).isZero();
  }

  /**
   * ln(ceiling / opening price) and ln(ceiling / starting bid) of the first items of auctions 1 to
   * {@code auctions}, their starting bids going round 10–499 as the dataset's do.
   */
  private static double[][] remainingAndOwnClimbs(Connection connection, int auctions)
      throws SQLException {
    try (PreparedStatement query =
        connection.prepareStatement(
            """
            SELECT ln(1000 / price), ln(1000 / starting_bid) FROM (
              SELECT auction_id, starting_bid, %s AS price
              FROM (SELECT g AS auction_id, (10 + g %% 490)::numeric AS starting_bid
                    FROM generate_series(1, ?) g) item) priced
            ORDER BY auction_id
            """
                .formatted(LiveAuctions.OPENING_PRICE))) {
      query.setInt(1, auctions);
      List<double[]> rows = new ArrayList<>();
      try (ResultSet result = query.executeQuery()) {
        while (result.next()) {
          rows.add(new double[] {result.getDouble(1), result.getDouble(2)});
        }
      }
      return rows.toArray(double[][]::new);
    }
  }

  private static int width(byte[] jpeg) throws IOException {
    BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
    assertThat(image).isNotNull();
    return image.getWidth();
  }
}
