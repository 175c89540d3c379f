package dev.anemometer.auction.history;

import dev.anemometer.auction.system.web.Page;
import dev.anemometer.auction.system.web.PageParams;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * Reads run without a transaction: a count and a page read in autocommit may disagree by a row
 * under concurrent bidding, which a history page tolerates, and each saved BEGIN/COMMIT round trip
 * is throughput.
 *
 * <p>Bid and purchase history, read with plain SQL: the live engine writes {@code bid} and {@code
 * high_bid}, these pages only read them, along indexes on the bidder.
 */
@Service
class HistoryService {

  private final JdbcClient jdbc;

  HistoryService(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Page<BidRecord> bids(long userId, PageParams paging) {
    long total =
        jdbc.sql("SELECT count(*) FROM bid WHERE bidder_id = ?")
            .param(userId)
            .query(Long.class)
            .single();
    List<BidRecord> items =
        jdbc.sql(
                "SELECT b.id, b.item_id, b.auction_id, i.short_description AS item_description,"
                    + " b.amount, b.outcome, b.bid_time FROM bid b JOIN item i ON i.id = b.item_id"
                    + " WHERE b.bidder_id = ? ORDER BY b.bid_time DESC, b.id DESC"
                    + " LIMIT ? OFFSET ?")
            .params(userId, paging.sizeOrDefault(), paging.offset())
            .query(HistoryService::bid)
            .list();
    return paging.page(total, items);
  }

  Page<PurchaseRecord> purchases(long userId, PageParams paging) {
    long total =
        jdbc.sql("SELECT count(*) FROM high_bid WHERE bidder_id = ? AND state = 'SOLD'")
            .param(userId)
            .query(Long.class)
            .single();
    List<PurchaseRecord> items =
        jdbc.sql(
                "SELECT h.item_id, h.auction_id, i.short_description, i.manufacturer, h.amount,"
                    + " h.state_changed_at AS sold_at,"
                    + " ARRAY(SELECT g.id FROM item_image g WHERE g.item_id = h.item_id"
                    + " ORDER BY g.position, g.id) AS image_ids"
                    + " FROM high_bid h JOIN item i ON i.id = h.item_id"
                    + " WHERE h.bidder_id = ? AND h.state = 'SOLD'"
                    + " ORDER BY h.state_changed_at DESC, h.item_id DESC LIMIT ? OFFSET ?")
            .params(userId, paging.sizeOrDefault(), paging.offset())
            .query(HistoryService::purchase)
            .list();
    return paging.page(total, items);
  }

  private static BidRecord bid(ResultSet rs, int rowNum) throws SQLException {
    return new BidRecord(
        rs.getLong("id"),
        rs.getLong("item_id"),
        rs.getLong("auction_id"),
        rs.getString("item_description"),
        rs.getBigDecimal("amount"),
        rs.getString("outcome"),
        rs.getObject("bid_time", OffsetDateTime.class).toInstant());
  }

  private static PurchaseRecord purchase(ResultSet rs, int rowNum) throws SQLException {
    return new PurchaseRecord(
        rs.getLong("item_id"),
        rs.getLong("auction_id"),
        rs.getString("short_description"),
        rs.getString("manufacturer"),
        rs.getBigDecimal("amount"),
        rs.getObject("sold_at", OffsetDateTime.class).toInstant(),
        ids(rs.getArray("image_ids")));
  }

  private static List<Long> ids(Array array) throws SQLException {
    return array == null ? List.of() : Arrays.asList((Long[]) array.getArray());
  }
}
