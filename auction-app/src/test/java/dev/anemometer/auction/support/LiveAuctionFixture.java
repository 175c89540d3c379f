package dev.anemometer.auction.support;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Users, auctions and items for live-auction tests, written with plain SQL so that the tests do not
 * depend on the rest of the application.
 */
public final class LiveAuctionFixture {

  private static final AtomicLong SEQUENCE = new AtomicLong();

  private final JdbcTemplate jdbc;
  private final TransactionTemplate tx;

  private LiveAuctionFixture(DataSource dataSource) {
    this.jdbc = new JdbcTemplate(dataSource);
    this.tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
  }

  /** A fixture on its own connections (not the servers' pools). */
  public static LiveAuctionFixture on(TestPostgres.Database database) {
    return new LiveAuctionFixture(dataSource(database));
  }

  public static DataSource dataSource(TestPostgres.Database database) {
    return new SimpleDriverDataSource(
        new org.postgresql.Driver(), database.jdbcUrl(), database.user(), database.password());
  }

  public JdbcTemplate jdbc() {
    return jdbc;
  }

  public long user(BigDecimal creditLimit) {
    long n = SEQUENCE.incrementAndGet();
    return jdbc.queryForObject(
        """
        INSERT INTO app_user (email, password_hash, password_salt, first_name, last_name,
                              credit_limit, initial_credit_limit)
        VALUES (?, 'not-a-hash', 'no-salt', 'Fixture', ?, ?, ?) RETURNING id
        """,
        Long.class,
        "fixture" + n + "-" + System.nanoTime() + "@auction.test",
        "User" + n,
        creditLimit,
        creditLimit);
  }

  public List<Long> users(int count, BigDecimal creditLimit) {
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add(user(creditLimit));
    }
    return ids;
  }

  /**
   * A RUNNING auction whose first item is ACTIVE with an OPEN high bid due after {@code dueIn} (the
   * first accepted bid re-arms it with the configured open duration).
   */
  public Auction runningAuction(int items, BigDecimal startingBid, Duration dueIn) {
    // One transaction: a running server must not see the auction before its item is active.
    return tx.execute(status -> createRunningAuction(items, startingBid, dueIn));
  }

  private Auction createRunningAuction(int items, BigDecimal startingBid, Duration dueIn) {
    Auction auction = createAuction("RUNNING", items, startingBid);
    long first = auction.itemIds().get(0);
    jdbc.update("UPDATE item SET state = 'ACTIVE' WHERE id = ?", first);
    jdbc.update("UPDATE auction SET current_item_id = ? WHERE id = ?", first, auction.id());
    jdbc.update(
        """
        INSERT INTO high_bid (item_id, auction_id, bid_count, state, due_at)
        VALUES (?, ?, 0, 'OPEN', now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond')
        """,
        first,
        auction.id(),
        dueIn.toMillis());
    return auction;
  }

  /** An auction in the given state with LISTED items and no high bids. */
  public Auction auction(String state, int items, BigDecimal startingBid) {
    return tx.execute(status -> createAuction(state, items, startingBid));
  }

  private Auction createAuction(String state, int items, BigDecimal startingBid) {
    long auctioneer = user(new BigDecimal("1000.00"));
    long auctionId =
        jdbc.queryForObject(
            """
            INSERT INTO auction (name, category, start_time, state, auctioneer_id)
            VALUES ('Fixture auction', 'Test', now(), ?, ?) RETURNING id
            """,
            Long.class,
            state,
            auctioneer);
    List<Long> itemIds = new ArrayList<>();
    for (int position = 0; position < items; position++) {
      itemIds.add(
          jdbc.queryForObject(
              """
              INSERT INTO item (auction_id, seller_id, position, short_description,
                                long_description, manufacturer, condition, starting_bid, state)
              VALUES (?, ?, ?, ?, 'A thing to bid on', 'Acme', 'NEW', ?, 'LISTED') RETURNING id
              """,
              Long.class,
              auctionId,
              auctioneer,
              position,
              "Item " + position + " of auction " + auctionId,
              startingBid));
    }
    return new Auction(auctionId, List.copyOf(itemIds));
  }

  /** Puts an item's high bid into a state directly, due after {@code dueIn}. */
  public void setHighBid(
      long itemId, String state, BigDecimal amount, Long bidderId, Duration dueIn) {
    jdbc.update(
        """
        UPDATE high_bid SET state = ?, amount = ?, bidder_id = ?,
               due_at = now() + CAST(? AS BIGINT) * INTERVAL '1 millisecond'
        WHERE item_id = ?
        """,
        state,
        amount,
        bidderId,
        dueIn.toMillis(),
        itemId);
  }

  public HighBidRow highBid(long itemId) {
    return jdbc.queryForObject(
        """
        SELECT amount, bidder_id, bid_count, state, due_at > now() AS armed
        FROM high_bid WHERE item_id = ?
        """,
        (row, n) ->
            new HighBidRow(
                row.getBigDecimal("amount"),
                (Long) row.getObject("bidder_id", Long.class),
                row.getInt("bid_count"),
                row.getString("state"),
                row.getBoolean("armed")),
        itemId);
  }

  public String itemState(long itemId) {
    return jdbc.queryForObject("SELECT state FROM item WHERE id = ?", String.class, itemId);
  }

  public BigDecimal credit(long userId) {
    return jdbc.queryForObject(
        "SELECT credit_limit FROM app_user WHERE id = ?", BigDecimal.class, userId);
  }

  public int bidRows() {
    return jdbc.queryForObject("SELECT count(*) FROM bid", Integer.class);
  }

  public record Auction(long id, List<Long> itemIds) {}

  /** A high_bid row; {@code armed} says whether its due time is in the future. */
  public record HighBidRow(
      BigDecimal amount, Long bidderId, int bidCount, String state, boolean armed) {}
}
