package dev.anemometer.auction.system.cache;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code anemometer.cache.*}. Entry counts follow the dataset's maxUsers, as Weathervane scaled its
 * app-server caches with the number of users: every active user reads its own profile, and the live
 * auctions (maxUsers / 15, up to 20 items each) are what everyone looks at.
 *
 * @param maxUsers maxUsers of the loaded dataset
 * @param timeToLive how stale a cached detail may get; another app server's writes (or the live
 *     engine's) show after at most this long
 * @param imageTimeToLive image bytes never change, but a reset may reuse their ids
 * @param imageBytes heap for image bytes; 0 means 16 KiB per user, between 16 and 128 MiB
 * @param liveAuctionsTimeToLive the list of running auctions changes only on reset
 */
@ConfigurationProperties("anemometer.cache")
public record CacheProperties(
    @DefaultValue("3000") int maxUsers,
    @DefaultValue("30s") Duration timeToLive,
    @DefaultValue("10m") Duration imageTimeToLive,
    @DefaultValue("0") DataSize imageBytes,
    @DefaultValue("1s") Duration liveAuctionsTimeToLive) {

  private static final long MIB = 1024 * 1024;

  public CacheProperties {
    if (maxUsers < 1) {
      throw new IllegalArgumentException("anemometer.cache.max-users must be 1 or more");
    }
  }

  long userProfiles() {
    return Math.max(1_000, maxUsers);
  }

  long auctionDetails() {
    return Math.max(200, maxUsers / 5);
  }

  long itemDetails() {
    return Math.max(1_000, 2L * maxUsers);
  }

  long imageBytesLimit() {
    if (imageBytes.toBytes() > 0) {
      return imageBytes.toBytes();
    }
    return Math.min(128 * MIB, Math.max(16 * MIB, maxUsers * 16L * 1024));
  }
}
