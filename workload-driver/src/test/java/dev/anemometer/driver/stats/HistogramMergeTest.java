package dev.anemometer.driver.stats;

import static dev.anemometer.driver.operation.OperationType.GET_AUCTION_DETAIL;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.control.WireFormat;
import dev.anemometer.driver.operation.Notification;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HistogramMergeTest {

  @Test
  void mergedHistogramEqualsOneHistogramOfTheUnionOfValues() {
    Random random = new Random(42);
    Histogram a = Histograms.empty();
    Histogram b = Histograms.empty();
    Histogram union = Histograms.empty();
    for (int i = 0; i < 10_000; i++) {
      long value = 1 + (long) Math.abs(random.nextGaussian() * 200_000);
      (i % 3 == 0 ? a : b).recordValue(value);
      union.recordValue(value);
    }

    Histogram merged = Histograms.sum(Histograms.decode(Histograms.encode(a)), b);

    assertThat(merged.getTotalCount()).isEqualTo(10_000);
    assertThat(merged).isEqualTo(union);
    for (double percentile : new double[] {50, 90, 99, 99.9, 100}) {
      assertThat(merged.getValueAtPercentile(percentile))
          .isEqualTo(union.getValueAtPercentile(percentile));
    }
  }

  @Test
  void notificationLatenciesMergeExactlyAcrossIntervalsWorkersAndTheAccumulator() {
    Histogram first = Histograms.empty();
    first.recordValueWithCount(40_000, 99);
    Histogram second = Histograms.empty();
    second.recordValueWithCount(950_000, 3);
    IntervalStats one = withBidNotifications(0, 10, first);
    IntervalStats two = withBidNotifications(10, 20, second);
    // A worker's interval travels encoded.
    IntervalStats fromWorker = WireFormat.decode(WireFormat.encode(two), 10, 20);

    IntervalStats merged = one.merge(fromWorker);
    IntervalAccumulator accumulator = new IntervalAccumulator(0);
    accumulator.add(one);
    accumulator.add(two);

    Histogram union = Histograms.sum(first, second);
    assertThat(merged.notification(Notification.BID)).isEqualTo(union);
    assertThat(accumulator.snapshot().notification(Notification.BID)).isEqualTo(union);
    assertThat(merged.notification(Notification.BID).getValueAtPercentile(99))
        .isBetween(949_000L, 951_000L);
    assertThat(merged.notification(Notification.ITEM_CHANGE).getTotalCount()).isZero();
  }

  private static IntervalStats withBidNotifications(long start, long end, Histogram micros) {
    return new IntervalStats(
        start, end, Map.of(), DriverHealth.NONE, Map.of(Notification.BID, micros));
  }

  @Test
  void intervalsMergeHistogramsFailuresAndTheWorstHealth() {
    IntervalStats one =
        new IntervalStats(
            0,
            10,
            Map.of(GET_AUCTION_DETAIL, operation(Map.of("status 500", 2L), 1_000, 2_000)),
            new DriverHealth(5_000, 0.3, 0));
    IntervalStats two =
        new IntervalStats(
            5,
            20,
            Map.of(GET_AUCTION_DETAIL, operation(Map.of("status 500", 1L, "timeout", 4L), 3_000)),
            new DriverHealth(1_000, 0.7, 9));

    IntervalStats merged = one.merge(two);

    OperationStats detail = merged.operation(GET_AUCTION_DETAIL);
    assertThat(detail.successes()).isEqualTo(3);
    assertThat(detail.failures()).isEqualTo(Map.of("status 500", 3L, "timeout", 4L));
    assertThat(detail.latencyMicros().getMaxValue()).isBetween(2_999L, 3_001L);
    assertThat(merged.health()).isEqualTo(new DriverHealth(5_000, 0.7, 9));
    assertThat(merged.startNanos()).isZero();
    assertThat(merged.endNanos()).isEqualTo(20);
  }

  @Test
  void anAccumulatorAddsInPlaceAndRatesUseTheTimeItsIntervalsCovered() {
    var accumulator = new IntervalAccumulator(0);
    // two 10 s windows with a 60 s gap between them (findMax probes)
    accumulator.add(
        new IntervalStats(
            0,
            10_000_000_000L,
            Map.of(GET_AUCTION_DETAIL, operation(Map.of(), 1_000, 2_000)),
            DriverHealth.NONE));
    accumulator.add(
        new IntervalStats(
            70_000_000_000L,
            80_000_000_000L,
            Map.of(GET_AUCTION_DETAIL, operation(Map.of("status 500", 1L), 3_000)),
            new DriverHealth(7, 0, 0)));

    IntervalStats total = accumulator.snapshot();

    assertThat(total.operation(GET_AUCTION_DETAIL).total()).isEqualTo(4);
    assertThat(total.throughputPerSecond(GET_AUCTION_DETAIL)).isEqualTo(0.2);
    assertThat(accumulator.spanNanos()).isEqualTo(80_000_000_000L);
    assertThat(total.health().maxEventLoopLagMicros()).isEqualTo(7);
    accumulator.add(IntervalStats.empty(80_000_000_000L, 90_000_000_000L));
    assertThat(total.operation(GET_AUCTION_DETAIL).total()).as("snapshots are copies").isEqualTo(4);
  }

  @Test
  void garbageIsNotAHistogram() {
    assertThatThrownBy(() -> Histograms.decode("bm90IGEgaGlzdG9ncmFt"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not an encoded histogram");
  }

  static OperationStats operation(Map<String, Long> failures, long... latenciesMicros) {
    Histogram latency = Histograms.empty();
    for (long value : latenciesMicros) {
      latency.recordValue(value);
    }
    return new OperationStats(latency, Histograms.empty(), failures);
  }
}
