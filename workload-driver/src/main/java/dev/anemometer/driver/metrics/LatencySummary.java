package dev.anemometer.driver.metrics;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import org.HdrHistogram.Histogram;

/**
 * {@code anemometer_driver_latency_seconds}: latency from the intended start per target and
 * operation, as a Prometheus summary. Micrometer's own summaries compute quantiles over a decaying
 * window of the values they record; the driver already has the exact HdrHistogram of each status
 * interval, so this collector publishes that interval's quantiles, with sum and count accumulated
 * over the run.
 */
final class LatencySummary implements Collector {

  private static final double[] QUANTILES = {0.5, 0.95, 0.99};

  private final Map<Labels, Series> series = new ConcurrentSkipListMap<>();

  /** Takes one status interval's histogram (microseconds); an empty one changes nothing. */
  void record(String target, String operation, Histogram latencyMicros) {
    long count = latencyMicros.getTotalCount();
    if (count == 0) {
      return;
    }
    double[] quantiles = new double[QUANTILES.length];
    for (int i = 0; i < QUANTILES.length; i++) {
      quantiles[i] = latencyMicros.getValueAtPercentile(QUANTILES[i] * 100) / 1e6;
    }
    double sumSeconds = latencyMicros.getMean() * count / 1e6;
    series.merge(
        Labels.of("target", target, "operation", operation),
        new Series(quantiles, sumSeconds, count),
        (old, latest) -> new Series(latest.quantiles, old.sum + latest.sum, old.count + count));
  }

  @Override
  public SummarySnapshot collect() {
    SummarySnapshot.Builder snapshot =
        SummarySnapshot.builder()
            .name("anemometer_driver_latency_seconds")
            .help("Latency from the intended start; quantiles over the last status interval.");
    series.forEach(
        (labels, latest) -> {
          Quantiles.Builder quantiles = Quantiles.builder();
          for (int i = 0; i < QUANTILES.length; i++) {
            quantiles.quantile(QUANTILES[i], latest.quantiles[i]);
          }
          snapshot.dataPoint(
              SummaryDataPointSnapshot.builder()
                  .labels(labels)
                  .quantiles(quantiles.build())
                  .sum(latest.sum)
                  .count(latest.count)
                  .build());
        });
    return snapshot.build();
  }

  private record Series(double[] quantiles, double sum, long count) {}
}
