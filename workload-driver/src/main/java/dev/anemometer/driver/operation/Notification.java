package dev.anemometer.driver.operation;

/**
 * A change in a live auction that followers learn of through their long polls, measured from the
 * moment the app committed it to the moment a follower's answer carrying it arrived.
 */
public enum Notification {
  /** A new high bid reached a follower. */
  BID("BidNotification"),
  /** The item's clock moved (last call, sold, unsold) or the next item went on sale. */
  ITEM_CHANGE("ItemNotification");

  private final String displayName;

  Notification(String displayName) {
    this.displayName = displayName;
  }

  /** The name used in QoS rules and results. */
  public String displayName() {
    return displayName;
  }

  public static boolean isDisplayName(String name) {
    for (Notification notification : values()) {
      if (notification.displayName.equals(name)) {
        return true;
      }
    }
    return false;
  }

  public static Notification fromDisplayName(String name) {
    for (Notification notification : values()) {
      if (notification.displayName.equals(name)) {
        return notification;
      }
    }
    throw new IllegalArgumentException("unknown notification '" + name + "'");
  }
}
