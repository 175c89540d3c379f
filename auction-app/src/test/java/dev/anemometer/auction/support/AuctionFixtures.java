package dev.anemometer.auction.support;

import dev.anemometer.auction.image.ImageResizer;
import dev.anemometer.auction.image.ImageSize;
import dev.anemometer.auction.image.JpegImage;
import dev.anemometer.auction.system.security.PasswordHasher;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Rows for integration tests, inserted with plain SQL into whatever database the test uses. Every
 * user gets a fresh e-mail, so tests sharing one database (and one Spring context) never collide.
 *
 * <p>Live items get a {@code high_bid} row whose clock is due in an hour, so that a running item
 * clock leaves fixture auctions alone unless a test moves {@code due_at} itself.
 */
public final class AuctionFixtures {

  private static final PasswordHasher HASHER = new PasswordHasher();

  private final JdbcTemplate jdbc;

  public AuctionFixtures(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  /** A user with credit 10,000 and a password of its own. */
  public FixtureUser user() {
    return user(new BigDecimal("10000.00"));
  }

  public FixtureUser user(BigDecimal creditLimit) {
    String unique = UUID.randomUUID().toString().substring(0, 12);
    String email = "it-" + unique + "@auction.test";
    String password = "pw-" + unique;
    String salt = HASHER.newSalt();
    Long id =
        jdbc.queryForObject(
            "INSERT INTO app_user (email, password_hash, password_salt, first_name, last_name,"
                + " credit_limit, initial_credit_limit) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            Long.class,
            email,
            HASHER.hash(password, salt),
            salt,
            "First",
            "Last",
            creditLimit,
            creditLimit);
    return new FixtureUser(id, email, password);
  }

  /**
   * A RUNNING auction whose first item is ACTIVE (high bid OPEN, no bid yet) and whose other items
   * are LISTED, each item sold by the auctioneer.
   */
  public FixtureAuction runningAuction(long auctioneerId, int itemCount) {
    long auctionId = auction(auctioneerId, "RUNNING");
    List<Long> items = new ArrayList<>();
    for (int position = 0; position < itemCount; position++) {
      items.add(item(auctioneerId, auctionId, position, position == 0 ? "ACTIVE" : "LISTED"));
    }
    jdbc.update("UPDATE auction SET current_item_id = ? WHERE id = ?", items.get(0), auctionId);
    jdbc.update(
        "INSERT INTO high_bid (item_id, auction_id, state, due_at)"
            + " VALUES (?, ?, 'OPEN', now() + interval '1 hour')",
        items.get(0),
        auctionId);
    return new FixtureAuction(auctionId, items);
  }

  /** An auction in any state (FUTURE, RUNNING, COMPLETE) with no items. */
  public long auction(long auctioneerId, String state) {
    return jdbc.queryForObject(
        "INSERT INTO auction (name, category, start_time, state, auctioneer_id)"
            + " VALUES (?, 'Fixtures', now(), ?, ?) RETURNING id",
        Long.class,
        "Auction " + UUID.randomUUID().toString().substring(0, 8),
        state,
        auctioneerId);
  }

  public long item(long sellerId, Long auctionId, int position, String state) {
    return jdbc.queryForObject(
        "INSERT INTO item (auction_id, seller_id, position, short_description, long_description,"
            + " manufacturer, condition, starting_bid, state)"
            + " VALUES (?, ?, ?, ?, 'A fixture item', 'Acme', 'NEW', 10.00, ?) RETURNING id",
        Long.class,
        auctionId,
        sellerId,
        position,
        "Item " + position,
        state);
  }

  /** A picture of the item in the three sizes, as the upload path would store it. */
  public long image(long itemId) {
    Map<ImageSize, JpegImage> sizes =
        new ImageResizer(0.85f, 16_000_000).allSizes(TestImages.picture(400, 300));
    long thumbnail = content(sizes.get(ImageSize.THUMBNAIL));
    long preview = content(sizes.get(ImageSize.PREVIEW));
    long full = content(sizes.get(ImageSize.FULL));
    return jdbc.queryForObject(
        "INSERT INTO item_image (item_id, position, thumbnail_content_id, preview_content_id,"
            + " full_content_id) VALUES (?, (SELECT count(*) FROM item_image WHERE item_id = ?),"
            + " ?, ?, ?) RETURNING id",
        Long.class,
        itemId,
        itemId,
        thumbnail,
        preview,
        full);
  }

  /** An acknowledged bid, as the live engine stores it. */
  public long bid(long itemId, long auctionId, long bidderId, BigDecimal amount, String outcome) {
    return jdbc.queryForObject(
        "INSERT INTO bid (item_id, auction_id, bidder_id, amount, outcome)"
            + " VALUES (?, ?, ?, ?, ?) RETURNING id",
        Long.class,
        itemId,
        auctionId,
        bidderId,
        amount,
        outcome);
  }

  /** Marks the item SOLD to the bidder (a purchase in their history). */
  public void sold(long itemId, long auctionId, long bidderId, BigDecimal amount) {
    jdbc.update("UPDATE item SET state = 'SOLD' WHERE id = ?", itemId);
    jdbc.update(
        "INSERT INTO high_bid (item_id, auction_id, amount, bidder_id, bid_count, state,"
            + " last_bid_at, state_changed_at, due_at) VALUES (?, ?, ?, ?, 1, 'SOLD', now(),"
            + " now(), NULL) ON CONFLICT (item_id) DO UPDATE SET amount = excluded.amount,"
            + " bidder_id = excluded.bidder_id, state = 'SOLD', due_at = NULL",
        itemId,
        auctionId,
        amount,
        bidderId);
  }

  /** An attendance, open when {@code open} is true. */
  public long attendance(long userId, long auctionId, boolean open) {
    return jdbc.queryForObject(
        "INSERT INTO attendance (user_id, auction_id, left_at)"
            + " VALUES (?, ?, CASE WHEN ? THEN NULL ELSE now() END) RETURNING id",
        Long.class,
        userId,
        auctionId,
        open);
  }

  /** A user of the fixture, with the password it logs in with. */
  public record FixtureUser(long id, String email, String password) {}

  /** An auction and its items in order of sale; the first is the ACTIVE one. */
  public record FixtureAuction(long id, List<Long> itemIds) {

    public FixtureAuction {
      itemIds = List.copyOf(itemIds);
    }

    public long activeItemId() {
      return itemIds.get(0);
    }
  }

  private long content(JpegImage image) {
    return jdbc.queryForObject(
        "INSERT INTO image_content (content_type, etag, data) VALUES (?, ?, ?) RETURNING id",
        Long.class,
        JpegImage.CONTENT_TYPE,
        image.etag(),
        image.bytes());
  }
}
