package dev.anemometer.auction.item;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/** Maps item rows; the image ids come as a PostgreSQL array. */
final class ItemRows {

  private ItemRows() {}

  static ItemDetail detail(ResultSet rs, int rowNum) throws SQLException {
    long auctionId = rs.getLong("auction_id");
    Long auction = rs.wasNull() ? null : auctionId;
    return new ItemDetail(
        rs.getLong("id"),
        auction,
        rs.getLong("seller_id"),
        rs.getInt("position"),
        rs.getString("short_description"),
        rs.getString("long_description"),
        rs.getString("manufacturer"),
        rs.getString("condition"),
        rs.getBigDecimal("starting_bid"),
        rs.getString("state"),
        rs.getObject("created_at", OffsetDateTime.class).toInstant(),
        longs(rs.getArray("image_ids")));
  }

  static List<Long> longs(Array array) throws SQLException {
    if (array == null) {
      return List.of();
    }
    Long[] values = (Long[]) array.getArray();
    List<Long> result = new ArrayList<>(values.length);
    for (Long value : values) {
      result.add(value);
    }
    return result;
  }
}
