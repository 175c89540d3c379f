package dev.anemometer.harness.results;

import java.util.List;

/**
 * Mean, spread, coefficient of variation and the 95 % confidence interval of the mean of a repeated
 * run's results (SPEC §4.6).
 */
public record RepeatStatistics(
    int runs, double mean, double min, double max, double standardDeviation) {

  public static RepeatStatistics of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    // Sample standard deviation: the runs are a sample of what the system would do.
    double sd = values.size() < 2 ? 0 : Math.sqrt(squares / (values.size() - 1));
    return new RepeatStatistics(
        values.size(),
        mean,
        values.stream().mapToDouble(Double::doubleValue).min().orElse(0),
        values.stream().mapToDouble(Double::doubleValue).max().orElse(0),
        sd);
  }

  /** Of the mean, by Student's t; null below two results. */
  public ConfidenceInterval confidenceInterval() {
    return runs < 2 ? null : ConfidenceInterval.ofMean(mean, standardDeviation, runs);
  }

  public double coefficientOfVariationPercent() {
    return mean == 0 ? 0 : 100 * standardDeviation / mean;
  }

  /** Max − min, in the unit of the values. */
  public double spread() {
    return max - min;
  }

  /** Max − min in percent of the mean: what a findMax precision is measured against. */
  public double spreadPercent() {
    return mean == 0 ? 0 : 100 * spread() / mean;
  }
}
