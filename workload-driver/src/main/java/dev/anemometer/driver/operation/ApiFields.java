package dev.anemometer.driver.operation;

/**
 * Every JSON field name and enum value of the auction API (SPEC §2.2) that the operations depend
 * on, in one place so that the integrator can follow a change of the app's shapes quickly.
 */
public final class ApiFields {

  // POST /api/login
  public static final String USERNAME = "username";
  public static final String PASSWORD = "password";
  public static final String USER_ID = "userId";
  public static final String TOKEN = "token";

  // Pages: {page, size, total, items[]}
  public static final String TOTAL = "total";
  public static final String ITEMS = "items";

  // Auctions, items, images
  public static final String ID = "id";
  public static final String ITEM_ID = "itemId";
  public static final String IMAGE_IDS = "imageIds";
  public static final String IMAGE_ID = "imageId";
  public static final String STARTING_BID = "startingBid";

  // High bid: current-item.highBid, next-bid, bid reply.highBid
  public static final String HIGH_BID = "highBid";
  public static final String AMOUNT = "amount";
  public static final String BID_COUNT = "bidCount";
  public static final String STATE = "state";
  public static final String BIDDER_ID = "bidderId";
  public static final String CHANGED_AT_MICROS = "changedAtMicros";
  public static final String OUTCOME = "outcome";

  // Bid reply: {bidId, outcome, highBid}
  public static final String BID_ID = "bidId";

  /** High-bid states in which the item still takes bids; anything else means the item is over. */
  public static final String STATE_OPEN = "OPEN";

  public static final String STATE_LAST_CALL = "LAST_CALL";

  // User profile (GET / PUT /api/users/{id})
  public static final String FIRST_NAME = "firstName";
  public static final String LAST_NAME = "lastName";

  // POST /api/items
  public static final String SHORT_DESCRIPTION = "shortDescription";
  public static final String LONG_DESCRIPTION = "longDescription";
  public static final String MANUFACTURER = "manufacturer";
  public static final String CONDITION = "condition";

  // Image sizes (?size=)
  public static final String THUMBNAIL = "THUMBNAIL";
  public static final String PREVIEW = "PREVIEW";
  public static final String FULL = "FULL";

  /** Values of {@code condition} the app accepts for a new item. */
  static final String[] ITEM_CONDITIONS = {"NEW", "LIKE_NEW", "USED", "REFURBISHED", "FOR_PARTS"};

  // Problems (RFC 9457): the type URI ends with a stable name.
  public static final String PROBLEM_TYPE = "type";

  /** 409 of current-item between two items: not a failure, the next item comes shortly. */
  public static final String NO_CURRENT_ITEM = "no-current-item";

  /** Multipart field name of an image upload. */
  public static final String UPLOAD_FIELD = "file";

  private ApiFields() {}
}
