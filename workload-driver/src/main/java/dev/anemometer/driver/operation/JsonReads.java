package dev.anemometer.driver.operation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The shapes of the app's answers that operations read, and tolerant reads of their fields: extra
 * fields are skipped unread, missing ones fail the operation.
 */
final class JsonReads {

  /** An item of a page or an answer: its id ({@code itemId} or {@code id}) and image ids. */
  static final JsonShape ITEM =
      JsonShape.of(ApiFields.ID, ApiFields.ITEM_ID, ApiFields.IMAGE_ID)
          .longs(ApiFields.IMAGE_IDS)
          .build();

  /** A page of items (live auctions, an auction's items, a user's history). */
  static final JsonShape PAGE =
      JsonShape.of(ApiFields.TOTAL).objects(ApiFields.ITEMS, ITEM).build();

  static final JsonShape HIGH_BID =
      JsonShape.of(
              ApiFields.AMOUNT,
              ApiFields.BID_COUNT,
              ApiFields.STATE,
              ApiFields.BIDDER_ID,
              ApiFields.CHANGED_AT_MICROS)
          .build();

  /** The current item with its high bid, or the problem of an auction between two items. */
  static final JsonShape CURRENT_ITEM =
      JsonShape.of(ApiFields.STARTING_BID, ApiFields.PROBLEM_TYPE)
          .with(ITEM)
          .object(ApiFields.HIGH_BID, HIGH_BID)
          .build();

  /** A long poll's answer: the high bid of an item, flat. */
  static final JsonShape NEXT_BID = JsonShape.of(ApiFields.ITEM_ID).with(HIGH_BID).build();

  static final JsonShape BID_ANSWER =
      JsonShape.of(ApiFields.OUTCOME, ApiFields.BID_ID)
          .object(ApiFields.HIGH_BID, HIGH_BID)
          .build();

  static final JsonShape LOGIN = JsonShape.of(ApiFields.USER_ID, ApiFields.TOKEN).build();

  static final JsonShape PROFILE = JsonShape.of(ApiFields.FIRST_NAME, ApiFields.LAST_NAME).build();

  static final JsonShape CREATED = JsonShape.of(ApiFields.ID).build();

  private JsonReads() {}

  static long requiredLong(JsonFields fields, String field, Call call) {
    if (!fields.hasLong(field)) {
      throw Exchange.missing(field, call);
    }
    return fields.longOr(field, 0);
  }

  static String requiredString(JsonFields fields, String field, Call call) {
    String value = fields.stringOr(field, "");
    if (value.isEmpty()) {
      throw Exchange.missing(field, call);
    }
    return value;
  }

  static JsonFields requiredObject(JsonFields fields, String field, Call call) {
    JsonFields value = fields.object(field);
    if (value == null) {
      throw Exchange.missing(field, call);
    }
    return value;
  }

  static List<JsonFields> requiredObjects(JsonFields fields, String field, Call call) {
    List<JsonFields> value = fields.objects(field);
    if (value == null) {
      throw Exchange.missing(field, call);
    }
    return value;
  }

  /** An item's id, {@code itemId} or else {@code id}; negative when it has neither. */
  static long itemId(JsonFields item) {
    return item.longOr(ApiFields.ITEM_ID, item.longOr(ApiFields.ID, -1));
  }

  static ItemRef itemRef(JsonFields item, Call call) {
    long itemId = itemId(item);
    if (itemId < 0) {
      throw Exchange.missing(ApiFields.ID, call);
    }
    List<Long> imageIds = new ArrayList<>(item.longs(ApiFields.IMAGE_IDS));
    long single = item.longOr(ApiFields.IMAGE_ID, -1);
    if (imageIds.isEmpty() && single >= 0) {
      imageIds.add(single);
    }
    return new ItemRef(itemId, imageIds);
  }

  static List<ItemRef> itemRefs(JsonFields page, Call call) {
    List<JsonFields> items = requiredObjects(page, ApiFields.ITEMS, call);
    List<ItemRef> refs = new ArrayList<>(items.size());
    for (JsonFields item : items) {
      refs.add(itemRef(item, call));
    }
    return refs;
  }

  /** Reads a high bid ({@code amount, bidCount, state, bidderId}) into what the user knows. */
  static void highBid(JsonFields highBid, FollowedAuction into, Call call) {
    long bidCount = requiredLong(highBid, ApiFields.BID_COUNT, call);
    String state = requiredString(highBid, ApiFields.STATE, call);
    into.highBid(
        highBid.decimalOrNull(ApiFields.AMOUNT),
        bidCount,
        state,
        highBid.longOr(ApiFields.BIDDER_ID, -1));
  }

  /**
   * A long poll's answer: notes how late the follower learned of the change it carries (a new high
   * bid, else a move of the item's clock), then reads it into what the user knows.
   */
  static void deliveredHighBid(JsonFields highBid, FollowedAuction into, Call call) {
    BigDecimal before = into.amount();
    highBid(highBid, into, call);
    // A new amount is a bid; the same amount in a new count is the item's clock moving.
    Notification kind =
        sameAmount(into.amount(), before) ? Notification.ITEM_CHANGE : Notification.BID;
    into.delivered(kind, highBid.longOr(ApiFields.CHANGED_AT_MICROS, 0));
  }

  private static boolean sameAmount(BigDecimal a, BigDecimal b) {
    return a == null ? b == null : b != null && a.compareTo(b) == 0;
  }
}
