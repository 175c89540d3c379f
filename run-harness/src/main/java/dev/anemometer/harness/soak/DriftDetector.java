package dev.anemometer.harness.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Judges an operation's p99 at the end of a steady load against its start: it drifted when it rose
 * by at least {@code driftPercent} and by at least {@code driftMinMillis}, both spans having
 * counted enough operations for a p99 to mean something, and when the p99 of the stretches between
 * them rises with it: the tail of an operation that waits on others (a poll answered when a bid
 * lands) swings from one stretch to the next, and two spans can catch a low and a high swing (in an
 * hour of steady load, GetCurrentItem's p99 went 50.6 → 72.3 ms between the first and last ten
 * minutes, while its twelve five-minute p99s were 47, 53, 61, 47, 72, 44, 69, 50, 58, 63, 79 and 67
 * ms, a slope of 2.0 standard errors).
 */
final class DriftDetector {

  /** Fewer stretches say nothing of a trend; the spans alone judge. */
  static final int MIN_STRETCHES = LeakDetector.MIN_POINTS;

  /** Below a hundred operations the p99 is the slowest one or two: chance, not a trend. */
  static final long MIN_COUNT = 100;

  static final String DRIFT = "DRIFT";
  static final String STEADY = "steady";
  static final String TOO_FEW = "too few";

  private final double percent;
  private final double minMillis;

  DriftDetector(double percent, double minMillis) {
    this.percent = percent;
    this.minMillis = minMillis;
  }

  /**
   * @param early the operation's latencies (µs) over the first span of the steady load
   * @param late over its last span
   */
  SoakSummary.OperationDrift judge(String operation, Histogram early, Histogram late) {
    return judge(operation, early, late, List.of());
  }

  /**
   * @param stretches the operation's p99 per stretch of the steady load, as {@code {seconds,
   *     millis}}: a rise between the spans that these show no trend in is a swing, not a drift
   */
  SoakSummary.OperationDrift judge(
      String operation, Histogram early, Histogram late, List<double[]> stretches) {
    long earlyCount = early.getTotalCount();
    long lateCount = late.getTotalCount();
    Double earlyP99 = earlyCount == 0 ? null : p99Millis(early);
    Double lateP99 = lateCount == 0 ? null : p99Millis(late);
    if (earlyCount < MIN_COUNT || lateCount < MIN_COUNT) {
      return new SoakSummary.OperationDrift(
          operation,
          earlyCount,
          lateCount,
          earlyP99,
          lateP99,
          null,
          TOO_FEW,
          "fewer than " + MIN_COUNT + " operations in a span");
    }
    double change = (lateP99 - earlyP99) / earlyP99 * 100;
    boolean drift = change >= percent && lateP99 - earlyP99 >= minMillis;
    String reason =
        String.format(
            Locale.ROOT,
            "p99 %.1f → %.1f ms (%+.0f %%; drift from %+.0f %% and %+.0f ms)",
            earlyP99,
            lateP99,
            change,
            percent,
            minMillis);
    double trend = drift ? trendInStandardErrors(stretches) : Double.NaN;
    if (trend < LeakDetector.MIN_T) {
      drift = false;
      reason +=
          String.format(
              Locale.ROOT,
              ", but its p99 over %d stretches swings without a trend (slope %.1f standard errors)",
              stretches.size(),
              trend);
    }
    return new SoakSummary.OperationDrift(
        operation,
        earlyCount,
        lateCount,
        earlyP99,
        lateP99,
        round(change),
        drift ? DRIFT : STEADY,
        reason);
  }

  /**
   * How many standard errors the least-squares slope of the stretches' p99 lies above zero; NaN
   * with too few stretches to tell.
   */
  private static double trendInStandardErrors(List<double[]> stretches) {
    if (stretches.size() < MIN_STRETCHES) {
      return Double.NaN;
    }
    List<LeakDetector.Point> points = new ArrayList<>(stretches.size());
    for (double[] stretch : stretches) {
      points.add(new LeakDetector.Point(stretch[0], stretch[1]));
    }
    LeakDetector.Fit fit = LeakDetector.Fit.of(points);
    return fit.slopeError() == 0
        ? Math.copySign(Double.POSITIVE_INFINITY, fit.slope())
        : fit.slope() / fit.slopeError();
  }

  static double p99Millis(Histogram micros) {
    return round(micros.getValueAtPercentile(99) / 1000.0);
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
