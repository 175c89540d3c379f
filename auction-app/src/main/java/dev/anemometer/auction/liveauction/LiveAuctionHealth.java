package dev.anemometer.auction.liveauction;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code /actuator/health} component {@code liveAuction}: DOWN while the LISTEN connection is lost,
 * because parked long polls on this server then wake only when it is back.
 */
class LiveAuctionHealth implements HealthIndicator {

  private final HighBidListener listener;
  private final LongPollRegistry polls;

  LiveAuctionHealth(HighBidListener listener, LongPollRegistry polls) {
    this.listener = listener;
    this.polls = polls;
  }

  @Override
  public Health health() {
    Health.Builder health = listener.isConnected() ? Health.up() : Health.down();
    return health
        .withDetail("listening", listener.isConnected())
        .withDetail("parkedPolls", polls.parkedCount())
        .build();
  }
}
