package dev.anemometer.harness.report;

import dev.anemometer.harness.results.ConfidenceInterval;
import dev.anemometer.harness.results.Headline;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.RepeatSet.Statistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The comparison's rows for repeat sets: each folder's set (the folder itself or the set its run
 * belongs to) with its runs, mean, the 95 % confidence interval of the mean, spread and CV of the
 * headline (peak users or judged throughput). A difference of means counts only beyond the combined
 * spread: half of each set's max − min, added, that is when the two sets' ranges around their means
 * do not overlap.
 */
final class RepeatRows {

  private RepeatRows() {}

  static List<Comparison.Row> of(List<Comparison.Run> runs) {
    RepeatSet first =
        runs.stream().map(Comparison.Run::set).filter(s -> s != null).findFirst().orElse(null);
    if (first == null) {
      return List.of();
    }
    String metric = String.valueOf(first.metric());
    List<Statistics> stats =
        runs.stream()
            .map(Comparison.Run::set)
            .map(set -> set == null || !metric.equals(set.metric()) ? null : set.statistics())
            .toList();
    String number = metric.equals(Headline.PEAK_USERS) ? "%,.0f" : "%,.1f";
    List<Comparison.Row> rows = new ArrayList<>();
    rows.add(plain("repeat set", runs, run -> run.setLabel() == null ? "–" : run.setLabel()));
    rows.add(row("repeat runs", stats, s -> String.valueOf(s.runs())));
    List<Comparison.Delta> deltas = new ArrayList<>();
    for (Statistics other : stats.subList(1, stats.size())) {
      deltas.add(meanDifference(stats.get(0), other));
    }
    rows.add(
        new Comparison.Row(
            metric + " mean of the set",
            values(stats, s -> String.format(Locale.ROOT, number, s.mean())),
            deltas));
    rows.add(
        row(
            metric + " mean ± 95 % CI of the set",
            stats,
            s -> {
              ConfidenceInterval ci = s.confidenceInterval();
              return ci == null ? "–" : ci.describe(number);
            }));
    rows.add(
        row(
            metric + " spread of the set",
            stats,
            s -> String.format(Locale.ROOT, number + " (%.1f %%)", s.spread(), s.spreadPercent())));
    rows.add(
        row(
            metric + " CV of the set",
            stats,
            s -> String.format(Locale.ROOT, "%.1f %%", s.cvPercent())));
    // The same at the runs' mean machine pace (nginx and HAProxy's CPU per user-second where each
    // result rests): what is left of the spread once the machine's drift is out.
    List<Statistics> paced =
        runs.stream()
            .map(Comparison.Run::set)
            .map(set -> set == null || set.pace() == null ? null : set.pace().statistics())
            .toList();
    if (paced.stream().anyMatch(s -> s != null)) {
      rows.add(
          row(
              metric + " CV at the machine's mean pace",
              paced,
              s ->
                  String.format(
                      Locale.ROOT, "%.1f %% (spread %.1f %%)", s.cvPercent(), s.spreadPercent())));
    }
    return rows;
  }

  /**
   * The headline row of two set folders (the set's means) judged as {@link #meanDifference}: the 5
   * % threshold of single runs says nothing about sets whose runs spread wider than that.
   */
  static Comparison.Row judgedBySpread(
      List<Comparison.Run> runs, String metric, Comparison.Row row) {
    Comparison.Run base = runs.get(0);
    if (!base.isSet() || !metric.equals(base.set().metric())) {
      return row;
    }
    List<Comparison.Delta> deltas = new ArrayList<>(row.deltas());
    for (int i = 1; i < runs.size(); i++) {
      Comparison.Run other = runs.get(i);
      if (other.isSet() && metric.equals(other.set().metric())) {
        String verdict =
            meanDifference(base.set().statistics(), other.set().statistics()).verdict();
        if (!verdict.isEmpty()) {
          deltas.set(i - 1, new Comparison.Delta(deltas.get(i - 1).text(), verdict));
        }
      }
    }
    return new Comparison.Row(row.metric(), row.values(), deltas);
  }

  /**
   * The other set's mean against the baseline's, in percent of the baseline's, and whether it lies
   * beyond the combined spread: only then is it {@code better} or {@code worse}.
   */
  static Comparison.Delta meanDifference(Statistics base, Statistics other) {
    if (base == null || other == null || base.mean() == 0) {
      return new Comparison.Delta("", "");
    }
    double mean = base.mean();
    double percent = (other.mean() - mean) / mean * 100;
    double combined = (base.spread() / 2 + other.spread() / 2) / mean * 100;
    boolean beyond = Math.abs(percent) > combined;
    return new Comparison.Delta(
        String.format(
            Locale.ROOT,
            "%+.1f %%, %s the combined spread ±%.1f %%",
            percent,
            beyond ? "beyond" : "within",
            combined),
        !beyond ? "same" : percent > 0 ? "better" : "worse");
  }

  private static Comparison.Row row(
      String metric, List<Statistics> stats, Function<Statistics, String> value) {
    return Comparison.Row.shown(metric, values(stats, value));
  }

  private static Comparison.Row plain(
      String metric, List<Comparison.Run> runs, Function<Comparison.Run, String> value) {
    return Comparison.Row.shown(metric, runs.stream().map(value).toList());
  }

  private static List<String> values(List<Statistics> stats, Function<Statistics, String> value) {
    return stats.stream().map(s -> s == null ? "–" : value.apply(s)).toList();
  }
}
