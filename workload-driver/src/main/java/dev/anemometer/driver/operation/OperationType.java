package dev.anemometer.driver.operation;

/** Every operation of the auction workload (SPEC §2.2 and §3.1), named as in Weathervane. */
public enum OperationType {
  HOME_PAGE("HomePage"),
  LOGIN("Login"),
  LOGOUT("Logout"),
  GET_USER_PROFILE("GetUserProfile"),
  UPDATE_USER_PROFILE("UpdateUserProfile"),
  GET_ACTIVE_AUCTIONS("GetActiveAuctions"),
  GET_AUCTION_DETAIL("GetAuctionDetail"),
  JOIN_AUCTION("JoinAuction"),
  LEAVE_AUCTION("LeaveAuction"),
  GET_CURRENT_ITEM("GetCurrentItem"),
  GET_NEXT_BID("GetNextBid"),
  PLACE_BID("PlaceBid"),
  GET_BID_HISTORY("GetBidHistory"),
  GET_ATTENDANCE_HISTORY("GetAttendanceHistory"),
  GET_PURCHASE_HISTORY("GetPurchaseHistory"),
  GET_ITEM_DETAIL("GetItemDetail"),
  GET_IMAGE_FOR_ITEM("GetImageForItem"),
  ADD_ITEM("AddItem"),
  ADD_IMAGE_FOR_ITEM("AddImageForItem");

  private final String displayName;

  OperationType(String displayName) {
    this.displayName = displayName;
  }

  /** The name used in behaviour files, QoS rules and results. */
  public String displayName() {
    return displayName;
  }

  public static OperationType fromDisplayName(String name) {
    for (OperationType type : values()) {
      if (type.displayName.equals(name)) {
        return type;
      }
    }
    throw new IllegalArgumentException("unknown operation '" + name + "'");
  }
}
