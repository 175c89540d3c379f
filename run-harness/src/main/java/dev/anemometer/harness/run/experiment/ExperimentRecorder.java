package dev.anemometer.harness.run.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The experiment's record as its rounds end: ratios, intervals, verdicts and the stop rule.
 *
 * <p>A round in which a variant gave no value (its run broke off, or lacked the metric) gives it no
 * ratio and is not counted by the stop rule: the experiment runs another in its place, so that
 * {@code --max-rounds 6} means six rounds that compared. {@value #MOST_INCOMPLETE_IN_A_ROW} such
 * rounds in a row end it: a variant that cannot run here would otherwise never stop it.
 */
final class ExperimentRecorder {

  static final int MOST_INCOMPLETE_IN_A_ROW = 2;

  private final String name;
  private final String startedAt;
  private final List<ExperimentRunner.Variant> variants;
  private final ExperimentMetric metric;
  private final StopRule rule;
  private final long seed;
  private final boolean aa;
  private final List<Experiment.Round> rounds = new ArrayList<>();

  ExperimentRecorder(
      String name,
      String startedAt,
      List<ExperimentRunner.Variant> variants,
      ExperimentMetric metric,
      StopRule rule,
      long seed,
      boolean aa) {
    this.name = name;
    this.startedAt = startedAt;
    this.variants = List.copyOf(variants);
    this.metric = metric;
    this.rule = rule;
    this.seed = seed;
    this.aa = aa;
  }

  /** The record while a round runs: the rounds so far and this one's runs, without its ratios. */
  Experiment during(int round, List<String> order, List<Experiment.RunRecord> runs, long wall) {
    List<Experiment.Round> all = new ArrayList<>(rounds);
    all.add(new Experiment.Round(round, order, List.copyOf(runs), Map.of(), null));
    return experiment(all, comparisons(intervals()), null, wall);
  }

  /**
   * The round ended (or broke off: {@code interrupted}); its ratios join the intervals, and the
   * stop rule is asked whether to go on.
   */
  Experiment endRound(
      int round,
      List<String> order,
      List<Experiment.RunRecord> runs,
      long wall,
      boolean interrupted) {
    rounds.add(new Experiment.Round(round, order, List.copyOf(runs), ratios(runs), pace(runs)));
    List<RatioInterval> intervals = intervals();
    Optional<String> stop =
        interrupted
            ? Optional.of("interrupted in round " + round + " (Ctrl-C or a signal)")
            : incompleteInARow() >= MOST_INCOMPLETE_IN_A_ROW
                ? Optional.of(
                    MOST_INCOMPLETE_IN_A_ROW
                        + " rounds in a row without a ratio for every variant (a run broke off or"
                        + " had no value; see the runs' messages)")
                : rule.stopAfter(completeRounds(), intervals);
    return experiment(List.copyOf(rounds), comparisons(intervals), stop.orElse(null), wall);
  }

  private Experiment experiment(
      List<Experiment.Round> all,
      List<Experiment.Comparison> comparisons,
      String stopReason,
      long wall) {
    return new Experiment(
        name,
        startedAt,
        metric.describe(),
        metric.key(),
        metric.higherIsBetter(),
        RatioInterval.METHOD,
        seed,
        aa,
        variants.stream()
            .map(
                v ->
                    new Experiment.VariantInfo(
                        v.name(),
                        v.source(),
                        v.config().target().configName(),
                        v.config().strategy().configName()))
            .toList(),
        rule.describe(),
        stopReason,
        wall,
        all,
        comparisons,
        alsoMeasured(),
        aa ? Verdicts.machine(intervals().get(0), wall) : null);
  }

  /** The rounds that gave every variant its ratio: the ones the stop rule counts. */
  int completeRounds() {
    return (int) rounds.stream().filter(this::complete).count();
  }

  private int incompleteInARow() {
    int count = 0;
    for (int i = rounds.size() - 1; i >= 0 && !complete(rounds.get(i)); i--) {
      count++;
    }
    return count;
  }

  private boolean complete(Experiment.Round round) {
    return round.ratios().size() == variants.size() - 1;
  }

  /** Each variant's value over the base's in the round; absent where either has none. */
  private Map<String, Double> ratios(List<Experiment.RunRecord> runs) {
    Double base = value(runs, base());
    Map<String, Double> ratios = new LinkedHashMap<>();
    for (ExperimentRunner.Variant variant : variants.subList(1, variants.size())) {
      Double value = value(runs, variant.name());
      if (base != null && value != null && base > 0 && value > 0) {
        ratios.put(variant.name(), value / base);
      }
    }
    return ratios;
  }

  private static Double value(List<Experiment.RunRecord> runs, String variant) {
    return runs.stream()
        .filter(run -> run.variant().equals(variant))
        .map(Experiment.RunRecord::value)
        .filter(Objects::nonNull)
        .findFirst()
        .orElse(null);
  }

  private static Double pace(List<Experiment.RunRecord> runs) {
    List<Double> paces =
        runs.stream()
            .map(Experiment.RunRecord::paceMicrosPerUserSecond)
            .filter(Objects::nonNull)
            .toList();
    return paces.isEmpty()
        ? null
        : paces.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  /** One per variant after the base; null where fewer than two rounds gave it a ratio. */
  private List<RatioInterval> intervals() {
    List<RatioInterval> intervals = new ArrayList<>();
    for (ExperimentRunner.Variant variant : variants.subList(1, variants.size())) {
      List<Double> ratios = ratiosOf(variant.name());
      intervals.add(ratios.size() < 2 ? null : RatioInterval.of(ratios));
    }
    return intervals;
  }

  private List<Double> ratiosOf(String variant) {
    return rounds.stream()
        .map(round -> round.ratios().get(variant))
        .filter(Objects::nonNull)
        .toList();
  }

  private List<Experiment.Comparison> comparisons(List<RatioInterval> intervals) {
    List<Experiment.Comparison> comparisons = new ArrayList<>();
    for (int i = 1; i < variants.size(); i++) {
      String variant = variants.get(i).name();
      comparisons.add(
          Verdicts.of(
              variant, base(), ratiosOf(variant).size(), intervals.get(i - 1), metric, rule));
    }
    return comparisons;
  }

  /**
   * The metrics measured beside the deciding one, each variant over the rounds that gave it its
   * deciding ratio (the verdict's rounds); null if there are none.
   */
  private List<Experiment.AlsoMeasured> alsoMeasured() {
    List<Experiment.AlsoMeasured> also = new ArrayList<>();
    for (ExperimentMetric other : metric.alsoMeasured()) {
      List<Experiment.Comparison> comparisons = new ArrayList<>();
      for (ExperimentRunner.Variant variant : variants.subList(1, variants.size())) {
        List<Double> ratios = new ArrayList<>();
        for (Experiment.Round round : rounds) {
          if (!round.ratios().containsKey(variant.name())) {
            continue;
          }
          Double base = also(round.runs(), base(), other);
          Double value = also(round.runs(), variant.name(), other);
          if (base != null && value != null && base > 0 && value > 0) {
            ratios.add(value / base);
          }
        }
        RatioInterval interval = ratios.size() < 2 ? null : RatioInterval.of(ratios);
        comparisons.add(
            Verdicts.secondLook(variant.name(), base(), ratios.size(), interval, other));
      }
      also.add(new Experiment.AlsoMeasured(other.describe(), other.key(), comparisons));
    }
    return also.isEmpty() ? null : also;
  }

  private static Double also(
      List<Experiment.RunRecord> runs, String variant, ExperimentMetric metric) {
    return runs.stream()
        .filter(run -> run.variant().equals(variant) && run.also() != null)
        .map(run -> run.also().get(metric.key()))
        .filter(Objects::nonNull)
        .findFirst()
        .orElse(null);
  }

  private String base() {
    return variants.get(0).name();
  }
}
