package dev.anemometer.harness.calibration;

import dev.anemometer.driver.operation.OperationType;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The operations one target completed during one hold of a calibration sweep.
 *
 * @param counts completed operations (failed ones included) per operation
 * @param noise how far each share may stray by chance, from the hold's intervals
 * @param hold how long the hold lasted (zero when unknown)
 * @param overLimits the response-time and failure rules the hold failed (empty: it ran within its
 *     limits)
 */
public record MixMeasurement(
    String target,
    int users,
    Map<OperationType, Long> counts,
    ShareNoise noise,
    Duration hold,
    List<String> overLimits) {

  /**
   * Beyond this relative distance from its expected share an operation is off calibration (unless
   * the counting noise of the hold is wider).
   */
  public static final double TOLERANCE = 0.03;

  public MixMeasurement {
    counts = Map.copyOf(counts);
    overLimits = List.copyOf(overLimits);
  }

  /** A hold that ran within its limits. */
  public MixMeasurement(
      String target, int users, Map<OperationType, Long> counts, ShareNoise noise, Duration hold) {
    this(target, users, counts, noise, hold, List.of());
  }

  /** A hold whose noise is known from its counts alone. */
  public MixMeasurement(String target, int users, Map<OperationType, Long> counts) {
    this(target, users, counts, ShareNoise.UNKNOWN, Duration.ZERO);
  }

  /**
   * Whether the hold ran over its response-time or failure limits. Its mix is then not the
   * behaviour's: every failed operation starts its user's session over, with a login and without
   * the auctions it followed, and the restarted sessions run their first operations in step.
   */
  public boolean overloaded() {
    return !overLimits.isEmpty();
  }

  public long total() {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }

  public long count(OperationType type) {
    return counts.getOrDefault(type, 0L);
  }

  public double sharePercent(OperationType type) {
    long total = total();
    return total == 0 ? 0 : count(type) * 100.0 / total;
  }

  /** Measured share over expected share; 1 is on calibration. */
  public double ratio(OperationType type, double expectedPercent) {
    return expectedPercent == 0 ? Double.NaN : sharePercent(type) / expectedPercent;
  }

  /** How the share of {@code type} compares with its expected share, judged alone. */
  public Verdict verdict(OperationType type, double expectedPercent) {
    return verdict(type, expectedPercent, FamilyWiseNoise.sigmas(1));
  }

  /**
   * How the share of {@code type} compares with its expected share, when a deviation may reach
   * {@code noiseSigmas} standard deviations of the hold's counting noise by chance.
   */
  public Verdict verdict(OperationType type, double expectedPercent, double noiseSigmas) {
    double ratio = ratio(type, expectedPercent);
    if (Math.abs(ratio - 1) <= TOLERANCE) {
      return Verdict.WITHIN;
    }
    double expectedCount = expectedPercent / 100 * total();
    double noise = noiseSigmas * countNoise(type, expectedCount);
    return Math.abs(count(type) - expectedCount) <= noise ? Verdict.WITHIN_NOISE : Verdict.OFF;
  }

  /**
   * One standard deviation of the share of {@code type} by chance, relative to its expected share:
   * the spread of the hold's intervals where they tell it, and never less than its count's.
   */
  public double relativeNoise(OperationType type, double expectedPercent) {
    double expectedCount = expectedPercent / 100 * total();
    return expectedCount == 0 ? Double.NaN : countNoise(type, expectedCount) / expectedCount;
  }

  private double countNoise(OperationType type, double expectedCount) {
    double counting = Math.sqrt(expectedCount);
    double measured = noise.standardError(type) * total();
    return Double.isNaN(measured) ? counting : Math.max(counting, measured);
  }

  /** Operations per session (per Login), the unit in which the behaviour is written. */
  public String perSession(OperationType type) {
    long sessions = count(OperationType.LOGIN);
    return sessions == 0
        ? "-"
        : String.format(Locale.ROOT, "%.2f", count(type) / (double) sessions);
  }

  public enum Verdict {
    /** Within ±3 % of the expected share. */
    WITHIN,
    /** Beyond ±3 %, but within what the hold's counting noise reaches by chance. */
    WITHIN_NOISE,
    /** Off calibration. */
    OFF
  }
}
