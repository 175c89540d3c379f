package dev.anemometer.driver.operation;

import java.util.concurrent.CompletionStage;

/**
 * Runs the operations of the auction workload for simulated users. Every returned stage completes
 * normally, on the user's session thread, with the operation's outcome.
 */
public final class Operations {

  private final SessionOperations session = new SessionOperations();
  private final BrowseOperations browse;
  private final LiveAuctionOperations live;
  private final ListingOperations listing = new ListingOperations();

  /**
   * @param pageSize size of every page the users ask for (5, like Weathervane)
   * @param bidStrategy how much users bid
   */
  public Operations(int pageSize, BidStrategy bidStrategy) {
    this(pageSize, bidStrategy, AcknowledgedBidSink.NONE);
  }

  /**
   * @param acknowledgedBids where every bid the app acknowledges (201) is reported, for the audit
   */
  public Operations(int pageSize, BidStrategy bidStrategy, AcknowledgedBidSink acknowledgedBids) {
    this.browse = new BrowseOperations(pageSize);
    this.live = new LiveAuctionOperations(bidStrategy, acknowledgedBids);
  }

  /** Runs one operation of a user's main behaviour (not the followers' operations). */
  public CompletionStage<OperationOutcome> run(OperationType type, UserContext user) {
    return switch (type) {
      case HOME_PAGE -> session.homePage(user);
      case LOGIN -> session.login(user);
      case LOGOUT -> session.logout(user);
      case GET_USER_PROFILE -> session.userProfile(user);
      case UPDATE_USER_PROFILE -> session.updateUserProfile(user);
      case GET_ACTIVE_AUCTIONS -> browse.activeAuctions(user);
      case GET_AUCTION_DETAIL -> browse.auctionDetail(user);
      case GET_ITEM_DETAIL -> browse.itemDetail(user);
      case GET_IMAGE_FOR_ITEM -> browse.imageForItem(user);
      case GET_BID_HISTORY -> browse.history(user, "bids", false);
      case GET_ATTENDANCE_HISTORY -> browse.history(user, "attendance", false);
      case GET_PURCHASE_HISTORY -> browse.history(user, "purchases", true);
      case JOIN_AUCTION -> live.join(user);
      case LEAVE_AUCTION -> live.leave(user);
      case PLACE_BID -> live.placeBid(user);
      case ADD_ITEM -> listing.addItem(user);
      case ADD_IMAGE_FOR_ITEM -> listing.addImageForItem(user);
      case GET_CURRENT_ITEM, GET_NEXT_BID ->
          throw new IllegalArgumentException(type.displayName() + " is run by followers");
    };
  }

  /** GetCurrentItem of the follower of {@code auction}. */
  public CompletionStage<OperationOutcome> currentItem(UserContext user, FollowedAuction auction) {
    return live.currentItem(user, auction);
  }

  /** GetNextBid (long poll) of the follower of {@code auction}. */
  public CompletionStage<OperationOutcome> nextBid(UserContext user, FollowedAuction auction) {
    return live.nextBid(user, auction);
  }

  /** Whether the user could place a bid now (the {@code canBid} condition of behaviours). */
  public boolean canBid(UserContext user) {
    return live.canBid(user);
  }
}
