package dev.anemometer.auction.bid;

import dev.anemometer.auction.liveauction.HighBidNotifier;
import dev.anemometer.auction.liveauction.HighBidView;
import dev.anemometer.auction.liveauction.LiveAuctionProblems;
import dev.anemometer.auction.liveauction.LiveAuctionProperties;
import java.math.BigDecimal;
import java.util.Optional;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Judges a bid in one PostgreSQL transaction: a conditional UPDATE of the item's high_bid row
 * decides it (so any number of servers may judge bids on one item and the highest acknowledged bid
 * wins), the bid row is stored whatever its outcome, and an accepted bid is announced with NOTIFY,
 * which PostgreSQL delivers only if the transaction commits.
 */
@Component
class BidDecider {

  private final JdbcTemplate jdbc;
  private final TransactionTemplate tx;
  private final BidStatements statements;
  private final HighBidNotifier notifier;
  private final LiveAuctionProperties properties;

  BidDecider(DataSource dataSource, HighBidNotifier notifier, LiveAuctionProperties properties) {
    this.jdbc = new JdbcTemplate(dataSource);
    this.tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
    this.statements = new BidStatements(jdbc);
    this.notifier = notifier;
    this.properties = properties;
  }

  /**
   * @return the judgement, durable when this returns
   * @throws org.springframework.web.ErrorResponseException 404 for an unknown auction or item
   */
  BidResponse place(long auctionId, long itemId, long bidderId, BigDecimal amount) {
    BidResponse response = tx.execute(status -> judge(auctionId, itemId, bidderId, amount));
    if (response == null) {
      throw notFound(auctionId, itemId);
    }
    return response;
  }

  private BidResponse judge(long auctionId, long itemId, long bidderId, BigDecimal amount) {
    Optional<BidStatements.Context> found = statements.context(auctionId, itemId, bidderId);
    if (found.isEmpty()) {
      return null;
    }
    BidStatements.Context context = found.get();
    BidOutcome outcome = precheck(context, amount);
    HighBidView highBid = context.highBid();
    if (outcome == null) {
      Optional<HighBidView> raised =
          statements.raise(itemId, bidderId, amount, properties.openDuration().toMillis());
      if (raised.isPresent()) {
        outcome = BidOutcome.ACCEPTED_HIGH;
        highBid = raised.get();
      } else {
        // Someone bid as much or more first, or the clock closed the item: the row says which.
        highBid = statements.highBid(itemId).orElse(null);
        outcome =
            highBid != null && highBid.isLive() ? BidOutcome.OUTBID : BidOutcome.ITEM_NOT_ACTIVE;
      }
    }
    long bidId = statements.store(itemId, auctionId, bidderId, amount, outcome);
    if (outcome.accepted()) {
      notifier.changed(itemId, highBid);
    }
    return new BidResponse(bidId, outcome, highBid);
  }

  /** The outcomes that need no lock; null when only the conditional update can tell. */
  private static BidOutcome precheck(BidStatements.Context context, BigDecimal amount) {
    if (!"RUNNING".equals(context.auctionState())) {
      return BidOutcome.AUCTION_NOT_RUNNING;
    }
    if (context.highBid() == null || !context.highBid().isLive()) {
      return BidOutcome.ITEM_NOT_ACTIVE;
    }
    if (amount.compareTo(context.startingBid()) < 0) {
      return BidOutcome.BELOW_STARTING;
    }
    if (context.creditLimit() == null || amount.compareTo(context.creditLimit()) > 0) {
      return BidOutcome.INSUFFICIENT_CREDIT;
    }
    if (context.highBid().amount() != null && amount.compareTo(context.highBid().amount()) <= 0) {
      return BidOutcome.OUTBID;
    }
    return null;
  }

  private RuntimeException notFound(long auctionId, long itemId) {
    Integer auctions =
        jdbc.queryForObject("SELECT count(*) FROM auction WHERE id = ?", Integer.class, auctionId);
    return auctions != null && auctions > 0
        ? LiveAuctionProblems.notFound("item", itemId)
        : LiveAuctionProblems.notFound("auction", auctionId);
  }
}
