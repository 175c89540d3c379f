package dev.anemometer.auction.system.cache;

import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.caffeine.CaffeineCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Caffeine caches for read-mostly data, each sized and aged on its own. */
@Configuration(proxyBeanMethods = false)
@EnableCaching
@EnableConfigurationProperties(CacheProperties.class)
class CacheConfig {

  @Bean
  CacheManager cacheManager(CacheProperties properties) {
    CaffeineCacheManager manager = new CaffeineCacheManager();
    manager.setAllowNullValues(false);
    manager.registerCustomCache(
        CacheNames.USER_PROFILE, sized(properties.userProfiles(), properties).build());
    manager.registerCustomCache(
        CacheNames.AUCTION_DETAIL, sized(properties.auctionDetails(), properties).build());
    manager.registerCustomCache(
        CacheNames.ITEM_DETAIL, sized(properties.itemDetails(), properties).build());
    manager.registerCustomCache(
        CacheNames.LIVE_AUCTIONS,
        Caffeine.newBuilder()
            .maximumSize(1_000)
            .expireAfterWrite(properties.liveAuctionsTimeToLive())
            .recordStats()
            .build());
    manager.registerCustomCache(
        CacheNames.IMAGE_CONTENT,
        Caffeine.newBuilder()
            .maximumWeight(properties.imageBytesLimit())
            .<Object, Object>weigher((key, value) -> CachedWeight.of(value))
            .expireAfterWrite(properties.imageTimeToLive())
            .recordStats()
            .build());
    return manager;
  }

  private static Caffeine<Object, Object> sized(long entries, CacheProperties properties) {
    return Caffeine.newBuilder()
        .maximumSize(entries)
        .expireAfterWrite(properties.timeToLive())
        .recordStats();
  }
}
