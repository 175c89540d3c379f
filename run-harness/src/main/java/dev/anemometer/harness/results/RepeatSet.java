package dev.anemometer.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code repeats.json}: the runs of a repeat set, the statistics of their headline (peak users or
 * judged throughput) over every run that gave one, and why the set stopped (see docs/results.md).
 *
 * @param metric what {@code value} of each run is: "peak users" or "throughput (ops/s)"
 * @param statistics over every run with a value; absent below two such runs
 * @param tolerance the spread the runs should stay within, in percent of the mean
 * @param disagree whether the spread exceeds the tolerance: the set cannot resolve smaller changes
 * @param stop absent while the set is still running
 * @param machine how far the machine's own reference figures moved across the runs
 * @param pace how fast the machine ran where each run's result rests, and the values at the runs'
 *     mean pace; absent below two runs that measured it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RepeatSet(
    String name,
    String strategy,
    String startedAt,
    String metric,
    List<Member> runs,
    Statistics statistics,
    Tolerance tolerance,
    Boolean disagree,
    StopRule stopRule,
    MachineDrift machine,
    MachinePace pace) {

  /**
   * One run of the set: its results folder (a sibling of the set's folder), its value, the
   * machine's reference scores taken at its start and again after it, and the CPU nginx and HAProxy
   * took per user-second where its result rests ({@link MachinePace}); each absent where the run
   * took none.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Member(
      String directory,
      String outcome,
      int exitCode,
      Double value,
      Double cpuScore,
      Double loopbackScore,
      Double cpuScoreAfter,
      Double loopbackScoreAfter,
      Double nativeMicrosPerUserSecond) {}

  /**
   * {@link RepeatStatistics} as written, spread also in percent of the mean.
   *
   * @param confidenceInterval the 95 % confidence interval of the mean (Student's t)
   */
  public record Statistics(
      int runs,
      double mean,
      ConfidenceInterval confidenceInterval,
      double min,
      double max,
      double spread,
      double spreadPercent,
      double standardDeviation,
      double cvPercent) {

    static Statistics of(RepeatStatistics stats) {
      return new Statistics(
          stats.runs(),
          stats.mean(),
          stats.confidenceInterval(),
          stats.min(),
          stats.max(),
          stats.spread(),
          stats.spreadPercent(),
          stats.standardDeviation(),
          stats.coefficientOfVariationPercent());
    }
  }

  /**
   * The spread beyond which the runs disagree: findMax its {@code findMax.precision} (a peak search
   * cannot be trusted closer than the runs agree), other strategies the threshold of {@code
   * compare}.
   */
  public record Tolerance(String name, double percent) {}

  /**
   * The rule the set ran by and why it stopped.
   *
   * @param rule "3 runs", "until CV < 3 % over the last 3 runs, at most 6" or "until the 95 % CI is
   *     within ±2 % of the mean, at most 6"
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record StopRule(
      String rule,
      Double untilCvPercent,
      Double untilCiPercent,
      Integer window,
      Integer maxRepeats,
      String reason,
      Double windowCvPercent,
      Boolean cvReached,
      Double ciHalfWidthPercent,
      Boolean ciReached) {}

  /** The set as its runs so far give it, stopped by {@code rule}'s reason or still running. */
  public static RepeatSet of(
      String name,
      String strategy,
      String startedAt,
      String metric,
      List<Member> runs,
      Tolerance tolerance,
      StopRule rule) {
    List<Double> values = values(runs);
    Statistics statistics = values.size() < 2 ? null : Statistics.of(RepeatStatistics.of(values));
    return new RepeatSet(
        name,
        strategy,
        startedAt,
        metric,
        List.copyOf(runs),
        statistics,
        tolerance,
        statistics == null ? null : statistics.spreadPercent() > tolerance.percent(),
        rule,
        MachineDrift.of(runs, tolerance),
        MachinePace.of(runs));
  }

  /** The values of the runs that gave one, in the order they ran. */
  public static List<Double> values(List<Member> runs) {
    return runs.stream().map(Member::value).filter(Objects::nonNull).toList();
  }

  /** "repeats disagree: spread 8.2 % > precision 2.5 %", or the agreeing form. */
  public String agreement() {
    if (statistics == null) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        Boolean.TRUE.equals(disagree)
            ? "repeats disagree: spread %.1f %% > %s %.1f %%"
            : "repeats agree: spread %.1f %% ≤ %s %.1f %%",
        statistics.spreadPercent(),
        tolerance.name(),
        tolerance.percent());
  }
}
