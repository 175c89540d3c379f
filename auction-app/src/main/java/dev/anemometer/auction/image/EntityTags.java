package dev.anemometer.auction.image;

/** If-None-Match matching (RFC 9110 §13.1.2: weak comparison, lists, and "*"). */
final class EntityTags {

  private EntityTags() {}

  static boolean matches(String ifNoneMatch, String etag) {
    if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
      return false;
    }
    for (String candidate : ifNoneMatch.split(",")) {
      String tag = candidate.trim();
      if (tag.equals("*")) {
        return true;
      }
      if (tag.startsWith("W/")) {
        tag = tag.substring(2);
      }
      if (tag.length() >= 2 && tag.startsWith("\"") && tag.endsWith("\"")) {
        tag = tag.substring(1, tag.length() - 1);
      }
      if (tag.equals(etag)) {
        return true;
      }
    }
    return false;
  }
}
