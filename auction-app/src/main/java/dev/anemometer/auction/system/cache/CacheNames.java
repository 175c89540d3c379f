package dev.anemometer.auction.system.cache;

/** Names of the application's caches, for {@code @Cacheable} and {@code @CacheEvict}. */
public final class CacheNames {

  public static final String AUCTION_DETAIL = "auctionDetail";
  public static final String LIVE_AUCTIONS = "liveAuctions";
  public static final String ITEM_DETAIL = "itemDetail";
  public static final String IMAGE_CONTENT = "imageContent";
  public static final String USER_PROFILE = "userProfile";

  private CacheNames() {}
}
