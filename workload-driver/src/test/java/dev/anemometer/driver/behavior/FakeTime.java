package dev.anemometer.driver.behavior;

import dev.anemometer.driver.TimeSource;

/** A clock that only moves when the test (through {@link FakeScheduler}) moves it. */
final class FakeTime implements TimeSource {

  static final long SECOND = 1_000_000_000L;

  private long nowNanos = 1_000 * SECOND;

  @Override
  public long nanoTime() {
    return nowNanos;
  }

  void set(long nanos) {
    if (nanos < nowNanos) {
      throw new IllegalStateException("time runs forward only");
    }
    nowNanos = nanos;
  }
}
