package dev.anemometer.driver.operation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Tolerant reads of the fields operations need: extra fields are ignored, missing ones fail. */
final class JsonReads {

  private JsonReads() {}

  static long requiredLong(JsonNode node, String field, Call call) {
    JsonNode value = node.path(field);
    if (!value.isIntegralNumber()) {
      throw Exchange.missing(field, call);
    }
    return value.longValue();
  }

  static String requiredString(JsonNode node, String field, Call call) {
    JsonNode value = node.path(field);
    if (!value.isString() || value.stringValue().isEmpty()) {
      throw Exchange.missing(field, call);
    }
    return value.stringValue();
  }

  static JsonNode requiredObject(JsonNode node, String field, Call call) {
    JsonNode value = node.path(field);
    if (!value.isObject()) {
      throw Exchange.missing(field, call);
    }
    return value;
  }

  static JsonNode requiredArray(JsonNode node, String field, Call call) {
    JsonNode value = node.path(field);
    if (!value.isArray()) {
      throw Exchange.missing(field, call);
    }
    return value;
  }

  /** A decimal amount, or {@code null} when absent (no bid yet). */
  static BigDecimal optionalDecimal(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isNumber() ? value.decimalValue() : null;
  }

  static long optionalLong(JsonNode node, String field, long absent) {
    JsonNode value = node.path(field);
    return value.isIntegralNumber() ? value.longValue() : absent;
  }

  static String optionalString(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isString() ? value.stringValue() : "";
  }

  /** An item of a page or an answer: its id ({@code itemId} or {@code id}) and image ids. */
  static ItemRef itemRef(JsonNode item, Call call) {
    long itemId = optionalLong(item, ApiFields.ITEM_ID, optionalLong(item, ApiFields.ID, -1));
    if (itemId < 0) {
      throw Exchange.missing(ApiFields.ID, call);
    }
    List<Long> imageIds = new ArrayList<>();
    for (JsonNode imageId : item.path(ApiFields.IMAGE_IDS)) {
      if (imageId.isIntegralNumber()) {
        imageIds.add(imageId.longValue());
      }
    }
    long single = optionalLong(item, ApiFields.IMAGE_ID, -1);
    if (imageIds.isEmpty() && single >= 0) {
      imageIds.add(single);
    }
    return new ItemRef(itemId, imageIds);
  }

  static List<ItemRef> itemRefs(JsonNode page, Call call) {
    List<ItemRef> items = new ArrayList<>();
    for (JsonNode item : requiredArray(page, ApiFields.ITEMS, call)) {
      items.add(itemRef(item, call));
    }
    return items;
  }

  /** Reads a high bid ({@code amount, bidCount, state, bidderId}) into what the user knows. */
  static void highBid(JsonNode highBid, FollowedAuction into, Call call) {
    long bidCount = requiredLong(highBid, ApiFields.BID_COUNT, call);
    String state = requiredString(highBid, ApiFields.STATE, call);
    into.highBid(
        optionalDecimal(highBid, ApiFields.AMOUNT),
        bidCount,
        state,
        optionalLong(highBid, ApiFields.BIDDER_ID, -1));
  }
}
