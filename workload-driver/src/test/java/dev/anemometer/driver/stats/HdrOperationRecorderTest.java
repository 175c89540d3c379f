package dev.anemometer.driver.stats;

import static dev.anemometer.driver.operation.OperationType.GET_NEXT_BID;
import static dev.anemometer.driver.operation.OperationType.LOGIN;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HdrOperationRecorderTest {

  private final AtomicLong clock = new AtomicLong(1_000_000_000L);
  private final HdrOperationRecorder recorder = new HdrOperationRecorder(clock::get);

  @Test
  void latencyRunsFromTheIntendedStartSoALateStartShowsUp() {
    long intended = 5_000_000_000L;
    long actualStart = intended + 800_000_000L; // the driver started it 800 ms late
    long end = actualStart + 50_000_000L; // the request itself took 50 ms

    recorder.record(LOGIN, intended, end, end - actualStart, null);
    IntervalStats stats = recorder.takeInterval();

    Histogram latency = stats.operation(LOGIN).latencyMicros();
    Histogram wire = stats.operation(LOGIN).wireMicros();
    assertThat(latency.getMaxValue()).isBetween(849_000L, 851_000L);
    assertThat(wire.getMaxValue()).isBetween(49_950L, 50_050L);
  }

  @Test
  void failuresAreCountedByReasonAndLeaveTheLatencyHistogramAlone() {
    recorder.record(LOGIN, 0, 1_000_000, 1_000_000, null);
    recorder.record(LOGIN, 0, 1_000_000, 1_000_000, "status 500");
    recorder.record(LOGIN, 0, 1_000_000, 1_000_000, "status 500");
    recorder.record(LOGIN, 0, 1_000_000, 1_000_000, "READ_TIMEOUT");

    OperationStats login = recorder.takeInterval().operation(LOGIN);

    assertThat(login.successes()).isEqualTo(1);
    assertThat(login.failures()).isEqualTo(Map.of("READ_TIMEOUT", 1L, "status 500", 2L));
    assertThat(login.total()).isEqualTo(4);
  }

  @Test
  void eachIntervalHoldsOnlyWhatWasRecordedSinceThePreviousOneAndKnowsItsSpan() {
    recorder.record(LOGIN, 0, 2_000_000, 0, null);
    clock.addAndGet(10_000_000_000L);
    IntervalStats first = recorder.takeInterval();
    recorder.record(GET_NEXT_BID, 0, 3_000_000, 0, null);
    clock.addAndGet(5_000_000_000L);
    IntervalStats second = recorder.takeInterval();

    assertThat(first.operations()).containsOnlyKeys(LOGIN);
    assertThat(first.durationNanos()).isEqualTo(10_000_000_000L);
    assertThat(second.operations()).containsOnlyKeys(GET_NEXT_BID);
    assertThat(second.startNanos()).isEqualTo(first.endNanos());
    assertThat(second.throughputPerSecond(GET_NEXT_BID)).isEqualTo(0.2);
  }

  @Test
  void connectionWaitsShowInTheIntervalsHealth() {
    recorder.recordConnectionWait(30_000_000);
    recorder.recordConnectionWait(2_000_000);

    assertThat(recorder.takeInterval().health().maxConnectionWaitMicros()).isEqualTo(30_000);
    assertThat(recorder.takeInterval().health().maxConnectionWaitMicros()).isZero();
  }
}
