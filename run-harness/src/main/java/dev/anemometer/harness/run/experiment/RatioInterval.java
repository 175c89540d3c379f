package dev.anemometer.harness.run.experiment;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Where a variant's ratio to the base lies, from the ratios of its rounds: the 95 % confidence
 * interval of the geometric mean ratio by Student's t on the per-round log ratios (n − 1 degrees of
 * freedom), taken back to ratios. Logs make a ratio and its inverse symmetric (×1.1 and ×1/1.1 are
 * equally far from 1), and a machine that runs a round 10 % slower moves both variants' values by
 * the same factor, which the round's ratio cancels.
 *
 * @param rounds how many rounds gave a ratio
 * @param ratio the geometric mean of the rounds' ratios
 * @param low the interval's lower end, as a ratio
 * @param high its upper end
 * @param halfWidthPercent the interval's half-width as a factor: {@code high / ratio = ratio / low
 *     = 1 + halfWidthPercent / 100}
 */
public record RatioInterval(
    int rounds, double ratio, double low, double high, double halfWidthPercent) {

  /** How the interval is computed, as results and the console say it. */
  public static final String METHOD =
      "Student's t on the per-round log ratios (paired within each round), 95 %";

  public static final double LEVEL = 0.95;

  /** The interval of these ratios (each > 0), at least two of them. */
  public static RatioInterval of(List<Double> ratios) {
    if (ratios.size() < 2) {
      throw new IllegalArgumentException("an interval needs two rounds, got " + ratios.size());
    }
    int n = ratios.size();
    double[] logs = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      double ratio = ratios.get(i);
      if (!(ratio > 0) || Double.isInfinite(ratio)) {
        throw new IllegalArgumentException("a ratio must be a finite number > 0, got " + ratio);
      }
      logs[i] = Math.log(ratio);
      sum += logs[i];
    }
    double mean = sum / n;
    double squares = 0;
    for (double log : logs) {
      squares += (log - mean) * (log - mean);
    }
    double standardError = Math.sqrt(squares / (n - 1) / n);
    double halfWidth = studentT(n - 1) * standardError;
    return new RatioInterval(
        n,
        Math.exp(mean),
        Math.exp(mean - halfWidth),
        Math.exp(mean + halfWidth),
        (Math.exp(halfWidth) - 1) * 100);
  }

  /** t such that a Student-t variable lies within ±t with probability {@link #LEVEL}. */
  static double studentT(int degreesOfFreedom) {
    return new TDistribution(null, degreesOfFreedom)
        .inverseCumulativeProbability(1 - (1 - LEVEL) / 2);
  }

  /** The change of the variant against the base, in percent: +7.9 for a ratio of 1.079. */
  public double changePercent() {
    return (ratio - 1) * 100;
  }

  public double lowPercent() {
    return (low - 1) * 100;
  }

  public double highPercent() {
    return (high - 1) * 100;
  }

  /** Whether the interval holds this ratio. */
  public boolean covers(double trueRatio) {
    return low <= trueRatio && trueRatio <= high;
  }

  /** The interval excludes "no difference" (a ratio of 1). */
  public boolean differs() {
    return !covers(1.0);
  }

  /** The whole interval lies within ±percent of no difference. */
  public boolean within(double percent) {
    return lowPercent() >= -percent && highPercent() <= percent;
  }
}
