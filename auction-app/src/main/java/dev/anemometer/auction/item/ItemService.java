package dev.anemometer.auction.item;

import dev.anemometer.auction.system.cache.CacheNames;
import dev.anemometer.auction.system.web.ApiException;
import java.time.Clock;
import java.util.List;
import java.util.OptionalLong;
import org.springframework.cache.annotation.Cacheable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Item detail (cached) and AddItem. */
@Service
public class ItemService {

  private static final String DETAIL =
      "SELECT id, auction_id, seller_id, position, short_description, long_description,"
          + " manufacturer, condition, starting_bid, state, created_at,"
          + " ARRAY(SELECT g.id FROM item_image g WHERE g.item_id = i.id"
          + " ORDER BY g.position, g.id) AS image_ids"
          + " FROM item i WHERE id = ?";

  private final ItemRepository items;
  private final JdbcClient jdbc;
  private final Clock clock;

  ItemService(ItemRepository items, JdbcClient jdbc, Clock clock) {
    this.items = items;
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @Cacheable(CacheNames.ITEM_DETAIL)
  public ItemDetail detail(long itemId) {
    return jdbc.sql(DETAIL)
        .param(itemId)
        .query(ItemRows::detail)
        .optional()
        .orElseThrow(() -> ApiException.notFound("item", itemId));
  }

  @Transactional
  ItemDetail add(long sellerId, AddItemRequest request) {
    Item item = items.saveAndFlush(new Item(sellerId, request, clock.instant()));
    return detail(item.id());
  }

  /** The seller of an item, for owner checks elsewhere; empty if the item does not exist. */
  public OptionalLong sellerOf(long itemId) {
    List<Long> sellers =
        jdbc.sql("SELECT seller_id FROM item WHERE id = ?").param(itemId).query(Long.class).list();
    return sellers.isEmpty() ? OptionalLong.empty() : OptionalLong.of(sellers.get(0));
  }
}
