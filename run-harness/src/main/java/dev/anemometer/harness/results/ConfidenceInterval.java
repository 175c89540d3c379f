package dev.anemometer.harness.results;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Where the mean of a repeat set's headline lies, given how its runs scattered: the two-sided
 * confidence interval of the mean by Student's t with n − 1 degrees of freedom. A handful of runs
 * gives a wide interval (two runs: ±12.7 standard errors), which is the point: it says how far the
 * mean of so few runs can be trusted.
 *
 * @param levelPercent the confidence level, {@value #LEVEL_PERCENT}
 * @param halfWidth in the unit of the values: the mean ± this is the interval
 * @param halfWidthPercent the half-width in percent of the mean (0 for a mean of 0)
 */
public record ConfidenceInterval(
    int levelPercent, double low, double high, double halfWidth, double halfWidthPercent) {

  public static final int LEVEL_PERCENT = 95;

  /** The interval of a mean of {@code samples} (at least two) values of this sample sd. */
  public static ConfidenceInterval ofMean(double mean, double standardDeviation, int samples) {
    if (samples < 2) {
      throw new IllegalArgumentException("a confidence interval needs two values, got " + samples);
    }
    double halfWidth = studentT(samples - 1) * standardDeviation / Math.sqrt(samples);
    return new ConfidenceInterval(
        LEVEL_PERCENT,
        mean - halfWidth,
        mean + halfWidth,
        halfWidth,
        mean == 0 ? 0 : 100 * halfWidth / Math.abs(mean));
  }

  /**
   * t such that a Student-t variable of these degrees of freedom lies within ±t 95 % of the time.
   */
  static double studentT(int degreesOfFreedom) {
    double upperQuantile = 1 - (1 - LEVEL_PERCENT / 100.0) / 2;
    return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(upperQuantile);
  }

  /** The mean, the centre of the interval. */
  public double mean() {
    return (low + high) / 2;
  }

  /** "4050 ± 124 (95 % CI 3926–4174)", each number in {@code number} (a format such as %.0f). */
  public String describe(String number) {
    return String.format(
        Locale.ROOT,
        number + " ± " + number + " (" + levelPercent + " %% CI " + number + "–" + number + ")",
        mean(),
        halfWidth,
        low,
        high);
  }
}
