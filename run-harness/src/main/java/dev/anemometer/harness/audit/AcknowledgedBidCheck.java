package dev.anemometer.harness.audit;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * The checks of the acknowledged bids against the database. The bids are copied into a temporary
 * table first (one COPY), so that each check is one join however many bids there are.
 */
final class AcknowledgedBidCheck {

  private static final int COPY_BUFFER_CHARS = 1 << 16;

  /** Outcomes that say the bid was judged against the live high bid: never above the final one. */
  private static final String JUDGED_AGAINST_HIGH_BID = "('ACCEPTED_HIGH', 'OUTBID')";

  private final Connection connection;

  AcknowledgedBidCheck(Connection connection) {
    this.connection = connection;
  }

  void load(List<AcknowledgedBid> bids) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute(
          "CREATE TEMP TABLE acknowledged_bid (bid_id BIGINT NOT NULL, item_id BIGINT NOT NULL,"
              + " bidder_id BIGINT NOT NULL, amount NUMERIC NOT NULL, outcome TEXT NOT NULL)");
    }
    CopyIn copy =
        connection
            .unwrap(PGConnection.class)
            .getCopyAPI()
            .copyIn("COPY acknowledged_bid FROM STDIN (FORMAT text)");
    try {
      StringBuilder rows = new StringBuilder(COPY_BUFFER_CHARS + 256);
      for (AcknowledgedBid bid : bids) {
        rows.append(bid.bidId()).append('\t').append(bid.itemId()).append('\t');
        rows.append(bid.bidderId()).append('\t').append(bid.amount().toPlainString());
        rows.append('\t').append(escaped(bid.outcome())).append('\n');
        if (rows.length() >= COPY_BUFFER_CHARS) {
          send(copy, rows);
        }
      }
      send(copy, rows);
      copy.endCopy();
    } finally {
      if (copy.isActive()) {
        copy.cancelCopy();
      }
    }
    try (Statement statement = connection.createStatement()) {
      // Temporary tables are never auto-analyzed; without statistics the joins below guess badly.
      statement.execute("ANALYZE acknowledged_bid");
    }
  }

  /** Every acknowledged bid is stored, for the same item, amount, outcome and bidder. */
  void checkStored(Violations violations) throws SQLException {
    String sql =
        "SELECT a.bid_id, a.item_id, a.bidder_id, a.amount, a.outcome,"
            + " b.id, b.item_id, b.bidder_id, b.amount, b.outcome"
            + " FROM acknowledged_bid a LEFT JOIN bid b ON b.id = a.bid_id"
            + " WHERE b.id IS NULL OR b.item_id <> a.item_id OR b.amount <> a.amount"
            + " OR b.outcome <> a.outcome OR (a.bidder_id >= 0 AND b.bidder_id <> a.bidder_id)"
            + " ORDER BY a.bid_id";
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        String acknowledged = described(rows, 2);
        rows.getLong(6);
        if (rows.wasNull()) {
          violations.add(
              "bid "
                  + rows.getLong(1)
                  + " ("
                  + acknowledged
                  + ") was acknowledged but is not stored");
        } else {
          violations.add(
              "bid "
                  + rows.getLong(1)
                  + " was acknowledged as "
                  + acknowledged
                  + " but is stored as "
                  + described(rows, 7));
        }
      }
    }
  }

  /**
   * The highest acknowledged bid of each item wins: no bid the app judged against the live high bid
   * (accepted or outbid) is above the item's final high bid, and one accepted at that amount is the
   * high bidder's (the winner's, once SOLD). A higher stored bid whose reply never arrived may win.
   * One violation per item: its highest offending bid.
   */
  void checkHighestWins(Violations violations) throws SQLException {
    // Only bids stored as acknowledged: the others are violations already.
    String sql =
        "SELECT DISTINCT ON (a.item_id) a.item_id, a.bid_id, a.amount, a.outcome, b.bidder_id,"
            + " h.amount, h.bidder_id, h.state"
            + " FROM acknowledged_bid a"
            + " JOIN bid b ON b.id = a.bid_id AND b.item_id = a.item_id AND b.amount = a.amount"
            + "   AND b.outcome = a.outcome"
            + " JOIN high_bid h ON h.item_id = a.item_id"
            + " WHERE a.outcome IN "
            + JUDGED_AGAINST_HIGH_BID
            + " AND "
            + BidAudit.CURRENT_ROUND_OF_ITEM
            + " AND (h.amount IS NULL OR a.amount > h.amount OR (a.outcome = 'ACCEPTED_HIGH'"
            + "   AND a.amount = h.amount AND b.bidder_id IS DISTINCT FROM h.bidder_id))"
            + " ORDER BY a.item_id, a.amount DESC, a.bid_id";
    try (Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      while (rows.next()) {
        long item = rows.getLong(1);
        long bid = rows.getLong(2);
        BigDecimal amount = rows.getBigDecimal(3);
        String outcome = rows.getString(4);
        BigDecimal high = rows.getBigDecimal(6);
        boolean sold = "SOLD".equals(rows.getString(8));
        String told = "item " + item + ": bid " + bid + " was acknowledged as " + outcome;
        if (high == null) {
          violations.add(told + " at " + amount + " but the item has no high bid");
        } else if (amount.compareTo(high) > 0) {
          violations.add(
              told
                  + " at "
                  + amount
                  + ", above the item's "
                  + (sold ? "winning" : "high")
                  + " bid "
                  + high);
        } else {
          violations.add(
              told
                  + " at the high bid "
                  + amount
                  + " but the "
                  + (sold ? "winner" : "high bidder")
                  + " is user "
                  + rows.getLong(7)
                  + ", not user "
                  + rows.getLong(5));
        }
      }
    }
  }

  /** {@code item 10, 12.00, OUTBID by user 2} from the four columns at {@code from}. */
  private static String described(ResultSet rows, int from) throws SQLException {
    long bidder = rows.getLong(from + 1);
    return "item "
        + rows.getLong(from)
        + ", "
        + rows.getBigDecimal(from + 2)
        + ", "
        + rows.getString(from + 3)
        + (bidder >= 0 ? " by user " + bidder : "");
  }

  private static void send(CopyIn copy, StringBuilder rows) throws SQLException {
    if (rows.length() > 0) {
      byte[] bytes = rows.toString().getBytes(StandardCharsets.UTF_8);
      copy.writeToCopy(bytes, 0, bytes.length);
      rows.setLength(0);
    }
  }

  /** COPY's text format reads backslash, tab and line breaks as syntax. */
  private static String escaped(String value) {
    return value
        .replace("\\", "\\\\")
        .replace("\t", "\\t")
        .replace("\n", "\\n")
        .replace("\r", "\\r");
  }
}
