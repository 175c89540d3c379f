package dev.anemometer.auction.liveauction;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** Reads an auction's current item, its high bid and its image ids in one statement. */
@Component
class CurrentItemReader {

  private final JdbcTemplate jdbc;

  CurrentItemReader(DataSource dataSource) {
    this.jdbc = new JdbcTemplate(dataSource);
  }

  /** What the auction's row says; the item part is null when it has no current item. */
  record AuctionNow(String auctionState, CurrentItemView item) {}

  /** Empty list when the auction does not exist. */
  List<AuctionNow> read(long auctionId) {
    // current_item_id is kept by the engine; a loader that left it empty still works through
    // the item marked ACTIVE.
    return jdbc.query(
        """
        SELECT a.state AS auction_state, i.id, i.seller_id, i.position, i.short_description,
               i.long_description, i.manufacturer, i.condition, i.starting_bid,
               i.state AS item_state, h.amount, h.bidder_id,
               COALESCE(h.bid_count, 0) AS bid_count, COALESCE(h.state, i.state) AS state,
               CAST(EXTRACT(EPOCH FROM GREATEST(h.last_bid_at, h.state_changed_at)) * 1000000 AS BIGINT) AS changed_at_micros,
               ARRAY(SELECT m.id FROM item_image m WHERE m.item_id = i.id
                     ORDER BY m.position, m.id) AS image_ids
        FROM auction a
        LEFT JOIN item i ON i.id = COALESCE(a.current_item_id,
            (SELECT x.id FROM item x WHERE x.auction_id = a.id AND x.state = 'ACTIVE'
             ORDER BY x.position, x.id LIMIT 1))
        LEFT JOIN high_bid h ON h.item_id = i.id
        WHERE a.id = ?
        """,
        (row, n) -> new AuctionNow(row.getString("auction_state"), item(auctionId, row)),
        auctionId);
  }

  private static CurrentItemView item(long auctionId, ResultSet row) throws SQLException {
    long itemId = row.getLong("id");
    if (row.wasNull()) {
      return null;
    }
    return new CurrentItemView(
        auctionId,
        itemId,
        row.getLong("seller_id"),
        row.getInt("position"),
        row.getString("short_description"),
        row.getString("long_description"),
        row.getString("manufacturer"),
        row.getString("condition"),
        row.getBigDecimal("starting_bid"),
        row.getString("item_state"),
        imageIds(row.getArray("image_ids")),
        HighBidView.from(row));
  }

  private static List<Long> imageIds(Array array) throws SQLException {
    if (array == null) {
      return List.of();
    }
    try {
      return Arrays.asList((Long[]) array.getArray());
    } finally {
      array.free();
    }
  }
}
