package dev.anemometer.harness.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LoopbackSpeedTest {

  @Test
  void theRateIsTheRoundTripsDoneOverTheTimeTheyTook() {
    // A clock that moves 1 ms each time it is read: one round trip per millisecond.
    AtomicLong clock = new AtomicLong();
    LoopbackSpeed speed =
        LoopbackSpeed.measure(
                () -> clock.addAndGet(1_000_000), Duration.ofMillis(3), Duration.ofMillis(49))
            .orElseThrow();

    // 49 round trips (one clock read each, 1 ms apart, until the deadline 49 ms after its own
    // read) between the start read and the end read, 51 ms apart.
    assertThat(speed.roundTripsPerSecond()).isEqualTo(Math.round(49 / 0.051));
    assertThat(speed.score())
        .isEqualTo(
            Math.round(
                    Math.round(49 / 0.051) / LoopbackSpeed.REFERENCE_ROUND_TRIPS_PER_SECOND * 100)
                / 100.0);
  }

  @Test
  void theRealLoopbackAnswersManyRoundTripsASecond() {
    LoopbackSpeed speed =
        LoopbackSpeed.measure(System::nanoTime, Duration.ofMillis(20), Duration.ofMillis(100))
            .orElseThrow();

    // Even a loaded CI machine does thousands; the figure itself is not judged here.
    assertThat(speed.roundTripsPerSecond()).isGreaterThan(100);
    assertThat(speed.thousandsPerSecond()).endsWith("k round trips/s");
  }
}
