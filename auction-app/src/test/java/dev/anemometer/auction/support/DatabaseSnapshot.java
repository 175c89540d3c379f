package dev.anemometer.auction.support;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Row count and content checksum of every table the API can write, to prove that a series of
 * refused requests changed nothing.
 */
public record DatabaseSnapshot(Map<String, String> tables) {

  public static final List<String> TABLES =
      List.of(
          "app_user",
          "auth_token",
          "auction",
          "item",
          "high_bid",
          "bid",
          "attendance",
          "image_content",
          "item_image");

  public static DatabaseSnapshot take(JdbcTemplate jdbc) {
    Map<String, String> tables = new LinkedHashMap<>();
    for (String table : TABLES) {
      // The table name comes from the constant list above, never from input.
      tables.put(
          table,
          jdbc.queryForObject(
              "SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)),"
                  + " '-') FROM "
                  + table
                  + " t",
              String.class));
    }
    return new DatabaseSnapshot(tables);
  }
}
