package dev.anemometer.auction.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The app's {@link Clock} in integration tests: the system's UTC time until a test sets it, then
 * that instant until the test moves it on or lets it follow the system again.
 */
public final class TestClock extends Clock {

  private volatile Instant set;

  /** Stops the clock at {@code instant}. */
  public void set(Instant instant) {
    set = instant;
  }

  /** Moves a stopped clock on; stops a running one that much ahead of now. */
  public void advance(Duration duration) {
    set = instant().plus(duration);
  }

  /** Back to the system's time. */
  public void followSystem() {
    set = null;
  }

  @Override
  public Instant instant() {
    Instant stopped = set;
    return stopped != null ? stopped : Instant.now();
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    throw new UnsupportedOperationException("the app's clock stays in UTC");
  }
}
