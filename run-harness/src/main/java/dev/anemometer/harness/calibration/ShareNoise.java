package dev.anemometer.harness.calibration;

import dev.anemometer.driver.operation.OperationType;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How far each operation's share of one hold may stray by chance, measured from the hold's own
 * 10-second intervals rather than assumed from its counts.
 *
 * <p>Operations do not arrive one by one. A bid wakes the long poll of every follower of its
 * auction, so GetNextBid comes in bursts of about twenty, and an item change sends every follower
 * of the auction to GetCurrentItem at once. A share's counting noise is then that of the bursts,
 * not of the operations: in a 4-minute hold at 1,500 users GetNextBid's count per 10 s varied by
 * 8.7 %, where independent arrivals would vary by 1.9 %, and its share's standard error was 2.5
 * times what its count alone suggests, GetCurrentItem's 1.8 times. Since every share is a count
 * over the total, GetNextBid's bursts move every other share too.
 *
 * <p>The standard error is that of a ratio over batches (the intervals): for a share s = Σc / ΣT,
 * Var(s) ≈ Σ (c_i − s·T_i)² / (n (n − 1) T̄²). Intervals are a few bursts long, so neighbouring
 * ones are nearly independent.
 *
 * @param standardErrors per operation, the standard error of its share (a fraction of all
 *     operations); empty when the hold had too few intervals to tell
 */
public record ShareNoise(Map<OperationType, Double> standardErrors) {

  /** Fewer intervals than this say too little about their spread: the counts alone are used. */
  static final int MIN_INTERVALS = 6;

  public static final ShareNoise UNKNOWN = new ShareNoise(Map.of());

  public ShareNoise {
    standardErrors = Map.copyOf(standardErrors);
  }

  /**
   * The noise of the shares over {@code intervals}, each the operations counted in one interval.
   */
  public static ShareNoise of(List<Map<OperationType, Long>> intervals) {
    int n = intervals.size();
    if (n < MIN_INTERVALS) {
      return UNKNOWN;
    }
    long[] totals = new long[n];
    long total = 0;
    for (int i = 0; i < n; i++) {
      totals[i] = intervals.get(i).values().stream().mapToLong(Long::longValue).sum();
      total += totals[i];
    }
    if (total == 0) {
      return UNKNOWN;
    }
    double meanTotal = total / (double) n;
    Map<OperationType, Double> errors = new EnumMap<>(OperationType.class);
    for (OperationType type : OperationType.values()) {
      long count = 0;
      for (Map<OperationType, Long> interval : intervals) {
        count += interval.getOrDefault(type, 0L);
      }
      double share = count / (double) total;
      double sum = 0;
      for (int i = 0; i < n; i++) {
        double residual = intervals.get(i).getOrDefault(type, 0L) - share * totals[i];
        sum += residual * residual;
      }
      errors.put(type, Math.sqrt(sum / (n * (n - 1.0))) / meanTotal);
    }
    return new ShareNoise(errors);
  }

  /** The standard error of {@code type}'s share, or NaN when unknown. */
  public double standardError(OperationType type) {
    return standardErrors.getOrDefault(type, Double.NaN);
  }
}
