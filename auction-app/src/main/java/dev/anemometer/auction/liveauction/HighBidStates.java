package dev.anemometer.auction.liveauction;

/** The states of a high_bid row; OPEN and LAST_CALL accept bids, SOLD and UNSOLD are final. */
public final class HighBidStates {

  public static final String OPEN = "OPEN";
  public static final String LAST_CALL = "LAST_CALL";
  public static final String SOLD = "SOLD";
  public static final String UNSOLD = "UNSOLD";

  private HighBidStates() {}

  public static boolean isLive(String state) {
    return OPEN.equals(state) || LAST_CALL.equals(state);
  }
}
