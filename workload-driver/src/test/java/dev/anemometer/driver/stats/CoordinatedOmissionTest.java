package dev.anemometer.driver.stats;

import static dev.anemometer.driver.operation.OperationType.GET_ACTIVE_AUCTIONS;
import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A closed-loop user against a server that stalls for 1 s every 5 s, simulated on a fake clock: the
 * operations that should have started during a stall start late, and only latency measured from the
 * intended start shows it.
 */
class CoordinatedOmissionTest {

  private static final long MS = 1_000_000L;

  /** When a request sent at {@code sentNanos} completes: 10 ms, or 10 ms after the stall ends. */
  private static long completion(long sentNanos) {
    long intoCycle = sentNanos % (5_000 * MS);
    long stallStart = sentNanos - intoCycle + 4_000 * MS;
    boolean stalled = sentNanos >= stallStart && sentNanos < stallStart + 1_000 * MS;
    return (stalled ? stallStart + 1_000 * MS : sentNanos) + 10 * MS;
  }

  @Test
  void latencyFromTheIntendedStartShowsTheStallAndWireTimeDoesNot() {
    HdrOperationRecorder recorder = new HdrOperationRecorder(() -> 0);
    long previousEnd = 0;
    for (long intended = 0; intended < 60_000 * MS; intended += 20 * MS) {
      long sent = Math.max(intended, previousEnd); // the user waits for its previous response
      long end = completion(sent);
      recorder.record(GET_ACTIVE_AUCTIONS, intended, end, end - sent, null);
      previousEnd = end;
    }

    OperationStats stats = recorder.takeInterval().operation(GET_ACTIVE_AUCTIONS);
    Histogram latency = stats.latencyMicros();
    Histogram wire = stats.wireMicros();

    assertThat(latency.getTotalCount()).isEqualTo(3_000);
    assertThat(latency.getValueAtPercentile(99)).isGreaterThan(900_000); // the stall, ~1 s
    assertThat(wire.getValueAtPercentile(99)).isLessThan(11_000); // 12 stalled of 3000: < 1 %
    assertThat(wire.getMaxValue()).isGreaterThan(990_000);
  }
}
