package dev.anemometer.harness.audit;

import dev.anemometer.harness.database.DatabaseConnections;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The integrity check after a run (issue 4): every acknowledged bid is stored as acknowledged; each
 * item's high bid is the largest ACCEPTED_HIGH bid stored for it; a SOLD item has exactly one
 * winner. Only items the run bid on are judged: bids above the dataset's bid watermark, which a
 * reset removes, so loaded history does not count.
 */
public final class BidAudit {

  /**
   * Bids of the item's current round: placed after its bidding opened. The margin covers a bid
   * whose transaction began just before the round opened and was accepted just after; an item's
   * previous round is always minutes older (a whole auction's item list lies between).
   */
  static final String CURRENT_ROUND_OF_ITEM = "b.bid_time >= h.opened_at - interval '5 seconds'";

  private static final String CURRENT_ROUND =
      "b.outcome = 'ACCEPTED_HIGH' AND " + CURRENT_ROUND_OF_ITEM;

  private static final String RUN_ITEMS = "SELECT DISTINCT item_id FROM bid WHERE id > ?";

  private final String jdbcUrl;
  private final String user;
  private final String password;

  public BidAudit(String jdbcUrl, String user, String password) {
    this.jdbcUrl = jdbcUrl;
    this.user = user;
    this.password = password == null ? "" : password;
  }

  /**
   * The database checks plus, for {@code acknowledged}: every bid is stored as it was answered, and
   * no bid acknowledged as judged against the high bid is above its item's high bid (the highest
   * acknowledged bid wins). The bids go to the database in one COPY, so that 100,000 of them are
   * checked by two joins rather than 100,000 queries.
   */
  public AuditResult audit(List<AcknowledgedBid> acknowledged) throws SQLException {
    Violations violations = new Violations();
    try (Connection connection = DatabaseConnections.open(jdbcUrl, user, password)) {
      AcknowledgedBidCheck check = new AcknowledgedBidCheck(connection);
      check.load(acknowledged);
      connection.setReadOnly(true);
      check.checkStored(violations);
      check.checkHighestWins(violations);
      return checkDatabase(connection, violations, acknowledged.size());
    }
  }

  /** The checks that need only the database: high bids and winners of the items bid on. */
  public AuditResult auditDatabase() throws SQLException {
    try (Connection connection = DatabaseConnections.open(jdbcUrl, user, password)) {
      connection.setReadOnly(true);
      return checkDatabase(connection, new Violations(), 0);
    }
  }

  private AuditResult checkDatabase(Connection connection, Violations violations, int bidsChecked)
      throws SQLException {
    long watermark = bidWatermark(connection);
    int items = checkHighBids(connection, watermark, violations);
    int sold = checkWinners(connection, watermark, violations);
    return new AuditResult(bidsChecked, items, sold, violations.listed(), violations.count());
  }

  private int checkHighBids(Connection connection, long watermark, Violations violations)
      throws SQLException {
    String sql =
        "SELECT h.item_id, h.amount, h.bidder_id, top.amount, top.bidder_id"
            + " FROM high_bid h"
            + " LEFT JOIN LATERAL (SELECT b.amount, b.bidder_id FROM bid b WHERE b.item_id = h.item_id"
            + "   AND "
            + CURRENT_ROUND
            + " ORDER BY b.amount DESC, b.id LIMIT 1) top ON true"
            + " WHERE h.item_id IN ("
            + RUN_ITEMS
            + ")";
    return eachRow(
        connection,
        sql,
        watermark,
        rows -> {
          long item = rows.getLong(1);
          BigDecimal high = rows.getBigDecimal(2);
          BigDecimal top = rows.getBigDecimal(4);
          if (!sameAmount(high, top)) {
            violations.add(
                "item "
                    + item
                    + ": high bid is "
                    + high
                    + " but the largest ACCEPTED_HIGH bid stored for it is "
                    + top);
          } else if (top != null && rows.getLong(3) != rows.getLong(5)) {
            violations.add(
                "item "
                    + item
                    + ": high bidder is user "
                    + rows.getLong(3)
                    + " but the largest ACCEPTED_HIGH bid is user "
                    + rows.getLong(5)
                    + "'s");
          }
        });
  }

  private int checkWinners(Connection connection, long watermark, Violations violations)
      throws SQLException {
    String sql =
        "SELECT h.item_id, h.amount, h.bidder_id,"
            + " (SELECT count(*) FROM bid b WHERE b.item_id = h.item_id AND "
            + CURRENT_ROUND
            + "   AND b.amount = h.amount) AS winners"
            + " FROM high_bid h WHERE h.state = 'SOLD' AND h.item_id IN ("
            + RUN_ITEMS
            + ")";
    return eachRow(
        connection,
        sql,
        watermark,
        rows -> {
          long item = rows.getLong(1);
          long winners = rows.getLong(4);
          if (rows.getBigDecimal(2) == null || rows.getObject(3) == null) {
            violations.add("item " + item + " is SOLD without a winning bid");
          } else if (winners != 1) {
            violations.add(
                "item "
                    + item
                    + " is SOLD with "
                    + winners
                    + " bids accepted as high at the winning amount "
                    + rows.getBigDecimal(2));
          }
        });
  }

  /** A check of one row of an audit query. */
  @FunctionalInterface
  private interface RowCheck {
    void check(ResultSet row) throws SQLException;
  }

  /** Runs {@code sql} for the run's items above {@code watermark}; returns the rows checked. */
  private static int eachRow(Connection connection, String sql, long watermark, RowCheck check)
      throws SQLException {
    int checked = 0;
    try (PreparedStatement query = connection.prepareStatement(sql)) {
      query.setLong(1, watermark);
      try (ResultSet rows = query.executeQuery()) {
        while (rows.next()) {
          checked++;
          check.check(rows);
        }
      }
    }
    return checked;
  }

  private static long bidWatermark(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT bid_watermark FROM dataset WHERE id = 1")) {
      return rows.next() ? rows.getLong(1) : 0;
    }
  }

  private static boolean sameAmount(BigDecimal a, BigDecimal b) {
    return a == null ? b == null : b != null && a.compareTo(b) == 0;
  }
}
