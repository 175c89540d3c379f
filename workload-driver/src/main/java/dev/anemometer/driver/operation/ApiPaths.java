package dev.anemometer.driver.operation;

/**
 * Paths of the auction API. Each request also carries a template (ids replaced by placeholders) so
 * that failure reasons stay few and stable instead of one per auction or item.
 */
final class ApiPaths {

  static final String HOME = "/";
  static final String LOGIN = "/api/login";
  static final String LOGOUT = "/api/logout";
  static final String USER = "/api/users/{id}";
  static final String LIVE_AUCTIONS = "/api/auctions/live";
  static final String AUCTION = "/api/auctions/{id}";
  static final String AUCTION_ITEMS = "/api/auctions/{id}/items";
  static final String ATTENDANCE = "/api/auctions/{id}/attendance";
  static final String CURRENT_ITEM = "/api/auctions/{id}/current-item";
  static final String NEXT_BID = "/api/auctions/{id}/items/{itemId}/next-bid";
  static final String BIDS = "/api/auctions/{id}/items/{itemId}/bids";
  static final String ITEM = "/api/items/{id}";
  static final String ITEMS = "/api/items";
  static final String ITEM_IMAGES = "/api/items/{id}/images";
  static final String IMAGE = "/api/items/{id}/images/{imageId}";
  static final String USER_BIDS = "/api/users/{id}/bids";
  static final String USER_ATTENDANCE = "/api/users/{id}/attendance";
  static final String USER_PURCHASES = "/api/users/{id}/purchases";

  private ApiPaths() {}

  static String user(long userId) {
    return "/api/users/" + userId;
  }

  static String liveAuctions(int page, int size) {
    return LIVE_AUCTIONS + "?page=" + page + "&size=" + size;
  }

  static String auction(long auctionId) {
    return "/api/auctions/" + auctionId;
  }

  static String auctionItems(long auctionId, int size) {
    return auction(auctionId) + "/items?page=0&size=" + size;
  }

  static String attendance(long auctionId) {
    return auction(auctionId) + "/attendance";
  }

  static String currentItem(long auctionId) {
    return auction(auctionId) + "/current-item";
  }

  static String nextBid(long auctionId, long itemId, long afterBidCount) {
    return auction(auctionId) + "/items/" + itemId + "/next-bid?after=" + afterBidCount;
  }

  static String bids(long auctionId, long itemId) {
    return auction(auctionId) + "/items/" + itemId + "/bids";
  }

  static String item(long itemId) {
    return "/api/items/" + itemId;
  }

  static String itemImages(long itemId) {
    return item(itemId) + "/images";
  }

  static String image(long itemId, long imageId, String size) {
    return item(itemId) + "/images/" + imageId + "?size=" + size;
  }

  static String userHistory(long userId, String kind, int size) {
    return user(userId) + "/" + kind + "?page=0&size=" + size;
  }
}
