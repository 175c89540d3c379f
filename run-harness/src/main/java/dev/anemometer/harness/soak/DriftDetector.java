package dev.anemometer.harness.soak;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Judges an operation's p99 at the end of a steady load against its start: it drifted when it rose
 * by at least {@code driftPercent} and by at least {@code driftMinMillis}, both spans having
 * counted enough operations for a p99 to mean something.
 */
final class DriftDetector {

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

  static double p99Millis(Histogram micros) {
    return round(micros.getValueAtPercentile(99) / 1000.0);
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
