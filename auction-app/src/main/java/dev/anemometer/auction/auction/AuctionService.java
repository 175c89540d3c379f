package dev.anemometer.auction.auction;

import dev.anemometer.auction.system.cache.CacheNames;
import dev.anemometer.auction.system.web.ApiException;
import dev.anemometer.auction.system.web.Page;
import dev.anemometer.auction.system.web.PageParams;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * Read side of auctions: the running list, one auction's detail, and its items. No transactions:
 * cached reads must not pay BEGIN/COMMIT round trips on every hit, and the reads are single
 * statements in autocommit.
 */
@Service
class AuctionService {

  private final AuctionRepository auctions;
  private final JdbcClient jdbc;

  AuctionService(AuctionRepository auctions, JdbcClient jdbc) {
    this.auctions = auctions;
    this.jdbc = jdbc;
  }

  /** Every user polls this page; a one-second cache turns those reads into one per second. */
  @Cacheable(
      cacheNames = CacheNames.LIVE_AUCTIONS,
      key = "#paging.offset() + ':' + #paging.sizeOrDefault()")
  public Page<AuctionSummary> live(PageParams paging) {
    long total =
        jdbc.sql("SELECT count(*) FROM auction WHERE state = 'RUNNING'").query(Long.class).single();
    List<AuctionSummary> items =
        jdbc.sql(
                "SELECT id, name, category, start_time, state FROM auction"
                    + " WHERE state = 'RUNNING' ORDER BY id LIMIT ? OFFSET ?")
            .params(paging.sizeOrDefault(), paging.offset())
            .query(AuctionService::summary)
            .list();
    return paging.page(total, items);
  }

  @Cacheable(CacheNames.AUCTION_DETAIL)
  public AuctionDetail detail(long auctionId) {
    Auction auction =
        auctions.findById(auctionId).orElseThrow(() -> ApiException.notFound("auction", auctionId));
    return auction.toDetail(countItems(auctionId));
  }

  public Page<AuctionItem> items(long auctionId, PageParams paging) {
    long total = countItems(auctionId);
    if (total == 0 && !auctions.existsById(auctionId)) {
      throw ApiException.notFound("auction", auctionId);
    }
    List<AuctionItem> items =
        jdbc.sql(
                "SELECT id, position, short_description, manufacturer, condition, starting_bid,"
                    + " state FROM item WHERE auction_id = ? ORDER BY position, id"
                    + " LIMIT ? OFFSET ?")
            .params(auctionId, paging.sizeOrDefault(), paging.offset())
            .query(
                (row, n) ->
                    new AuctionItem(
                        row.getLong("id"),
                        row.getInt("position"),
                        row.getString("short_description"),
                        row.getString("manufacturer"),
                        row.getString("condition"),
                        row.getBigDecimal("starting_bid"),
                        row.getString("state"),
                        List.of()))
            .list();
    return paging.page(total, withImageIds(items));
  }

  private static AuctionSummary summary(ResultSet rs, int rowNum) throws SQLException {
    return new AuctionSummary(
        rs.getLong("id"),
        rs.getString("name"),
        rs.getString("category"),
        rs.getObject("start_time", OffsetDateTime.class).toInstant(),
        rs.getString("state"));
  }

  /** One query for the whole page's images rather than one per item. */
  private List<AuctionItem> withImageIds(List<AuctionItem> items) {
    if (items.isEmpty()) {
      return items;
    }
    Map<Long, List<Long>> imageIds = new HashMap<>();
    jdbc.sql(
            "SELECT item_id, id FROM item_image WHERE item_id IN (:itemIds)"
                + " ORDER BY item_id, position, id")
        .param("itemIds", items.stream().map(AuctionItem::id).toList())
        .query(
            (RowCallbackHandler)
                row ->
                    imageIds
                        .computeIfAbsent(row.getLong("item_id"), id -> new ArrayList<>())
                        .add(row.getLong("id")));
    return items.stream()
        .map(item -> item.withImageIds(imageIds.getOrDefault(item.id(), List.of())))
        .toList();
  }

  private long countItems(long auctionId) {
    return jdbc.sql("SELECT count(*) FROM item WHERE auction_id = ?")
        .param(auctionId)
        .query(Long.class)
        .single();
  }
}
