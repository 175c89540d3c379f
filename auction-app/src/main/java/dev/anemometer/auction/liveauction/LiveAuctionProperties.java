package dev.anemometer.auction.liveauction;

import java.math.BigDecimal;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Tuning of the live-auction engine ({@code anemometer.live-auction.*}). Defaults are the
 * benchmark's (SPEC §2.3); tests and short runs shrink the item clock to seconds.
 *
 * @param openDuration how long an item stays OPEN without a new high bid before LAST_CALL
 * @param lastCallDuration how long LAST_CALL lasts before the item is SOLD or UNSOLD
 * @param clockTick how often each server looks for due items
 * @param clockBatchSize how many due items one tick claims in one transaction
 * @param repairInterval how often each server checks for RUNNING auctions without a live item
 * @param pollTimeout how long a long poll stays parked before it answers 204
 * @param listenerCheckInterval idle time after which the LISTEN connection is probed
 * @param listenerReconnectMin first back-off after the LISTEN connection fails
 * @param listenerReconnectMax largest back-off between reconnect attempts
 * @param maxBidAmount the largest amount a bid may carry
 * @param maxPollsPerUser long polls one user may have parked on one server at once; more answer
 *     429. A driver's user holds one per followed auction (two in the default behaviour), plus the
 *     polls of auctions it left that have not answered yet
 */
@ConfigurationProperties("anemometer.live-auction")
public record LiveAuctionProperties(
    @DefaultValue("30s") Duration openDuration,
    @DefaultValue("30s") Duration lastCallDuration,
    @DefaultValue("250ms") Duration clockTick,
    @DefaultValue("50") int clockBatchSize,
    @DefaultValue("5s") Duration repairInterval,
    @DefaultValue("30s") Duration pollTimeout,
    @DefaultValue("10s") Duration listenerCheckInterval,
    @DefaultValue("200ms") Duration listenerReconnectMin,
    @DefaultValue("10s") Duration listenerReconnectMax,
    @DefaultValue("1000000000") BigDecimal maxBidAmount,
    @DefaultValue("16") int maxPollsPerUser) {

  public LiveAuctionProperties {
    requirePositive("open-duration", openDuration);
    requirePositive("last-call-duration", lastCallDuration);
    requirePositive("clock-tick", clockTick);
    requirePositive("repair-interval", repairInterval);
    requirePositive("poll-timeout", pollTimeout);
    requirePositive("listener-check-interval", listenerCheckInterval);
    requirePositive("listener-reconnect-min", listenerReconnectMin);
    requirePositive("listener-reconnect-max", listenerReconnectMax);
    if (clockBatchSize < 1) {
      throw new IllegalArgumentException(
          "anemometer.live-auction.clock-batch-size must be ≥ 1, was " + clockBatchSize);
    }
    if (maxBidAmount == null || maxBidAmount.signum() <= 0) {
      throw new IllegalArgumentException("anemometer.live-auction.max-bid-amount must be > 0");
    }
    if (maxPollsPerUser < 1) {
      throw new IllegalArgumentException(
          "anemometer.live-auction.max-polls-per-user must be ≥ 1, was " + maxPollsPerUser);
    }
  }

  /** The defaults, for code that runs without Spring binding (tests, tools). */
  public static LiveAuctionProperties defaults() {
    return new LiveAuctionProperties(
        Duration.ofSeconds(30),
        Duration.ofSeconds(30),
        Duration.ofMillis(250),
        50,
        Duration.ofSeconds(5),
        Duration.ofSeconds(30),
        Duration.ofSeconds(10),
        Duration.ofMillis(200),
        Duration.ofSeconds(10),
        BigDecimal.valueOf(1_000_000_000),
        16);
  }

  /** A copy with another item clock, for short runs and tests. */
  public LiveAuctionProperties withItemClock(Duration open, Duration lastCall, Duration tick) {
    return new LiveAuctionProperties(
        open,
        lastCall,
        tick,
        clockBatchSize,
        repairInterval,
        pollTimeout,
        listenerCheckInterval,
        listenerReconnectMin,
        listenerReconnectMax,
        maxBidAmount,
        maxPollsPerUser);
  }

  private static void requirePositive(String name, Duration value) {
    if (value == null || value.isZero() || value.isNegative()) {
      throw new IllegalArgumentException(
          "anemometer.live-auction." + name + " must be a positive duration, was " + value);
    }
  }
}
