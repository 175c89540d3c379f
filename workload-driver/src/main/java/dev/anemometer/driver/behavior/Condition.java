package dev.anemometer.driver.behavior;

import java.util.Arrays;
import java.util.stream.Collectors;

/** What a behaviour's transitions can test about the user. */
public enum Condition {
  /** The last page of live auctions said there are none. */
  NO_LIVE_AUCTIONS("noLiveAuctions", false),
  /**
   * The user follows fewer auctions than {@code followers.maxAuctions} and has seen one it does not
   * follow yet.
   */
  CAN_JOIN("canJoin", false),
  /** A followed item takes bids, the user is not its high bidder and its price is below the cap. */
  CAN_BID("canBid", true),
  /** The user follows at least one auction. */
  FOLLOWING("following", false);

  private final String fileName;
  private final boolean awaitable;

  Condition(String fileName, boolean awaitable) {
    this.fileName = fileName;
    this.awaitable = awaitable;
  }

  public String fileName() {
    return fileName;
  }

  /**
   * Whether the user's auction followers, not its own operations, make it hold: a user can wait for
   * it between two operations. A chance guarded by it that is drawn while it does not hold is kept
   * until it does (see {@link NextOperation}).
   */
  public boolean awaitable() {
    return awaitable;
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
