package dev.anemometer.harness.run.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * {@code experiment.json}: an experiment's variants, every round with its order, runs, values and
 * ratios, each variant's interval against the base with its verdict, and why it stopped (see
 * docs/results.md). Written again after every run, so that an experiment broken off keeps its
 * record.
 *
 * @param metric what each run's {@code value} is ("peak users", "p99 PlaceBid (ms)"…)
 * @param metricKey the metric as {@code --metric} spells it
 * @param method how the intervals are computed ({@link RatioInterval#METHOD})
 * @param seed the seed the rounds' orders were drawn from
 * @param aa whether every variant is the same configuration (an A/A check of the machine)
 * @param machine A/A: what the interval says of the machine; absent otherwise
 * @param stopReason absent while the experiment runs
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Experiment(
    String name,
    String startedAt,
    String metric,
    String metricKey,
    boolean higherIsBetter,
    String method,
    long seed,
    boolean aa,
    List<VariantInfo> variants,
    String stopRule,
    String stopReason,
    long wallSeconds,
    List<Round> rounds,
    List<Comparison> comparisons,
    List<AlsoMeasured> alsoMeasured,
    String machine) {

  /**
   * @param source where the variant came from: its file, or its {@code --variant} overrides
   */
  public record VariantInfo(String name, String source, String target, String strategy) {}

  /**
   * One round: its order, its runs in that order, each variant's ratio to the base (absent where
   * either gave no value), and the machine's pace over its runs (their mean; absent if none had).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Round(
      int round,
      List<String> order,
      List<RunRecord> runs,
      Map<String, Double> ratios,
      Double paceMicrosPerUserSecond) {}

  /**
   * One run of a round.
   *
   * @param directory its results folder, inside the experiment's
   * @param value the metric's value; absent when the run gave none
   * @param hint findMax: the search's hint, the variant's previous peak; absent in its first round
   * @param cpuScore the machine's CPU reference score at the run's start (1.0: the reference)
   * @param loopbackScore its loopback reference score at the start
   * @param paceMicrosPerUserSecond CPU nginx and HAProxy took per user-second where the result
   *     rests: how fast the machine ran in the very windows measured
   * @param also the values of the metrics measured beside the deciding one, by their key; absent
   *     when there are none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record RunRecord(
      String variant,
      String directory,
      String outcome,
      int exitCode,
      Double value,
      String hint,
      long durationSeconds,
      Double cpuScore,
      Double loopbackScore,
      Double cpuScoreAfter,
      Double loopbackScoreAfter,
      Double paceMicrosPerUserSecond,
      Map<String, Double> also) {}

  /**
   * A metric measured in the same runs beside the deciding one: each variant against the base over
   * the same rounds' pairs. It does not decide when the experiment stops, and an interval chosen
   * after seeing several is not a 95 % claim: a second look, not a second verdict.
   *
   * @param metric what the values are ("throughput (ops/s)"…)
   * @param metricKey as {@code --metric} spells it
   */
  public record AlsoMeasured(String metric, String metricKey, List<Comparison> comparisons) {}

  /**
   * A variant against the base over the rounds; the interval's fields are absent below two rounds
   * with a ratio.
   *
   * @param ratio the geometric mean of the rounds' ratios
   * @param differs whether the interval excludes no difference
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Comparison(
      String variant,
      String base,
      int rounds,
      Double ratio,
      Double low,
      Double high,
      Double changePercent,
      Double lowPercent,
      Double highPercent,
      Double halfWidthPercent,
      Boolean differs,
      String verdict) {}
}
