package dev.anemometer.driver.behavior;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What a behaviour's transitions can test about the user. */
public enum Condition {
  /** The last page of live auctions said there are none. */
  NO_LIVE_AUCTIONS("noLiveAuctions"),
  /**
   * The user follows fewer auctions than {@code followers.maxAuctions} and has seen one it does not
   * follow yet.
   */
  CAN_JOIN("canJoin"),
  /** A followed item takes bids, the user is not its high bidder and its price is below the cap. */
  CAN_BID("canBid"),
  /** The user follows at least one auction. */
  FOLLOWING("following");

  private final String fileName;

  Condition(String fileName) {
    this.fileName = fileName;
  }

  public String fileName() {
    return fileName;
  }

  static Condition fromFileName(String name) {
    for (Condition condition : values()) {
      if (condition.fileName.equals(name)) {
        return condition;
      }
    }
    return null;
  }

  static String known() {
    return Arrays.stream(values()).map(Condition::fileName).collect(Collectors.joining(", "));
  }
}
