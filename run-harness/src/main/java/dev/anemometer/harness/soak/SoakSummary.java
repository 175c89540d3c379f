package dev.anemometer.harness.soak;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The {@code soak} block of summary.json: every sampled series with its level at the start and end
 * of the steady load and its growth over the second half, the leaks found, and each operation's p99
 * at the end of the steady load against its start.
 *
 * @param sampled whether resources were sampled; false with the reason in {@code note}
 * @param samples how many samples {@code resources.csv} holds
 * @param steady the steady load (the judged phase), seconds since the load started
 * @param judged its second half, over which leaks are judged
 * @param leaks one line per series judged a leak
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SoakSummary(
    boolean sampled,
    String note,
    Double everySeconds,
    Integer samples,
    Span steady,
    Span judged,
    List<SeriesFinding> series,
    List<String> leaks,
    Drift drift) {

  /** From and to, in seconds since the load started. */
  public record Span(double fromSeconds, double toSeconds) {}

  /**
   * One series of {@code resources.csv}.
   *
   * @param unit bytes or count
   * @param first the first sample of the steady load (else of the run)
   * @param last its last sample
   * @param growthPerHour the fitted growth over the judged half, in the metric's unit per hour
   * @param verdict LEAK, steady, too short, or not judged (a series that grows or swings by design)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record SeriesFinding(
      String instance,
      String tier,
      String source,
      String metric,
      String unit,
      int samples,
      double first,
      double last,
      double min,
      double max,
      Double growthPerHour,
      Double growthPercentPerHour,
      String verdict,
      String reason) {}

  /**
   * The p99 of the first and last {@code driftSpan} of the steady load.
   *
   * @param drifting one line per operation whose p99 drifted
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Drift(String note, List<TargetDrift> targets, List<String> drifting) {}

  /**
   * One driver target.
   *
   * @param p99 each operation's p99 per stretch of the steady load, for the report's chart
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TargetDrift(
      String target,
      Span early,
      Span late,
      String note,
      List<OperationDrift> operations,
      List<OperationSeries> p99) {}

  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record OperationDrift(
      String operation,
      long earlyCount,
      long lateCount,
      Double earlyP99Millis,
      Double lateP99Millis,
      Double changePercent,
      String verdict,
      String reason) {}

  /** Points of [seconds since the load started (end of the stretch), p99 in ms]. */
  public record OperationSeries(String operation, List<double[]> points) {}

  /** Sampling was on but nothing could be sampled or judged. */
  public static SoakSummary unavailable(String note) {
    return new SoakSummary(false, note, null, null, null, null, null, null, null);
  }
}
