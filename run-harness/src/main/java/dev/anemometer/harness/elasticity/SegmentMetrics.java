package dev.anemometer.harness.elasticity;

import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the load got between two changes: throughput, p99 per operation, failures and a QoS verdict
 * on the response-time and failure rules (the mix rule is left out: a segment between changes may
 * be too short for the mix to settle).
 *
 * @param meanInstances servers in the tier, averaged over the segment
 */
public record SegmentMetrics(
    String targetId,
    long startMillis,
    long endMillis,
    double meanInstances,
    double throughputPerSecond,
    long operations,
    long failures,
    Map<String, Double> p99MillisByOperation,
    boolean qosPassed) {

  private static final double MAX_FAILURE_SHARE = 0.005;

  /**
   * @param boundaries change times (from the start of the load) that cut the segments, sorted
   * @param instancesAt servers in the tier at a time
   */
  public static List<SegmentMetrics> of(
      String targetId,
      List<IntervalSample> samples,
      List<Long> boundaries,
      java.util.function.LongToIntFunction instancesAt,
      QosSpec qos) {
    List<SegmentMetrics> segments = new ArrayList<>();
    if (samples.isEmpty()) {
      return segments;
    }
    List<Long> cuts = new ArrayList<>();
    cuts.add(samples.get(0).startMillis());
    boundaries.stream().filter(b -> b > cuts.get(0)).forEach(cuts::add);
    cuts.add(samples.get(samples.size() - 1).endMillis());
    for (int i = 0; i + 1 < cuts.size(); i++) {
      long start = cuts.get(i);
      long end = cuts.get(i + 1);
      IntervalStats merged = null;
      for (IntervalSample sample : samples) {
        long middle = (sample.startMillis() + sample.endMillis()) / 2;
        if (middle >= start && middle < end) {
          merged = merged == null ? sample.stats() : merged.merge(sample.stats());
        }
      }
      if (merged != null) {
        segments.add(
            summarize(targetId, start, end, meanInstances(instancesAt, start, end), merged, qos));
      }
    }
    return segments;
  }

  /** Sampled each 100 ms: changes take effect at step times, not at segment bounds. */
  private static double meanInstances(
      java.util.function.LongToIntFunction instancesAt, long start, long end) {
    long sum = 0;
    long count = 0;
    for (long t = start; t < end; t += 100) {
      sum += instancesAt.applyAsInt(t);
      count++;
    }
    return count == 0 ? instancesAt.applyAsInt(start) : (double) sum / count;
  }

  private static SegmentMetrics summarize(
      String targetId, long start, long end, double instances, IntervalStats stats, QosSpec qos) {
    Map<String, Double> p99 = new TreeMap<>();
    long failures = 0;
    boolean passed = true;
    for (Map.Entry<OperationType, OperationStats> entry : stats.operations().entrySet()) {
      OperationStats op = entry.getValue();
      failures += op.failureCount();
      if (op.total() > 0 && (double) op.failureCount() / op.total() > MAX_FAILURE_SHARE) {
        passed = false;
      }
      if (op.successes() == 0) {
        continue;
      }
      double millis = op.latencyMicros().getValueAtPercentile(qos.percentile()) / 1_000.0;
      p99.put(entry.getKey().displayName(), millis);
      if (entry.getKey() != OperationType.GET_NEXT_BID
          && millis > qos.limit(entry.getKey()).toMillis()) {
        passed = false;
      }
    }
    long operations = stats.totalOperations();
    double seconds = Math.max(1, end - start) / 1_000.0;
    return new SegmentMetrics(
        targetId, start, end, instances, operations / seconds, operations, failures, p99, passed);
  }
}
