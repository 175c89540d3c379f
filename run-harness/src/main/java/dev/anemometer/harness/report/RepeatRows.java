package dev.anemometer.harness.report;

import dev.anemometer.harness.results.ConfidenceInterval;
import dev.anemometer.harness.results.Headline;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

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
    JsonNode first =
        runs.stream().map(Comparison.Run::set).filter(s -> s != null).findFirst().orElse(null);
    if (first == null) {
      return List.of();
    }
    String metric = first.path("metric").asString("");
    List<JsonNode> stats =
        runs.stream()
            .map(Comparison.Run::set)
            .map(
                set ->
                    set == null || !metric.equals(set.path("metric").asString(""))
                        ? null
                        : set.path("statistics"))
            .map(s -> s == null || !s.isObject() ? null : s)
            .toList();
    String number = metric.equals(Headline.PEAK_USERS) ? "%,.0f" : "%,.1f";
    List<Comparison.Row> rows = new ArrayList<>();
    rows.add(plain("repeat set", runs, run -> run.setLabel() == null ? "–" : run.setLabel()));
    rows.add(row("repeat runs", stats, s -> String.valueOf(s.path("runs").asInt())));
    List<Comparison.Delta> deltas = new ArrayList<>();
    for (JsonNode other : stats.subList(1, stats.size())) {
      deltas.add(meanDifference(stats.get(0), other));
    }
    rows.add(
        new Comparison.Row(
            metric + " mean of the set",
            values(stats, s -> String.format(Locale.ROOT, number, s.path("mean").asDouble())),
            deltas));
    rows.add(
        row(
            metric + " mean ± 95 % CI of the set",
            stats,
            s -> {
              ConfidenceInterval ci = ConfidenceInterval.read(s.path("confidenceInterval"));
              return ci == null ? "–" : ci.describe(number);
            }));
    rows.add(
        row(
            metric + " spread of the set",
            stats,
            s ->
                String.format(
                    Locale.ROOT,
                    number + " (%.1f %%)",
                    s.path("spread").asDouble(),
                    s.path("spreadPercent").asDouble())));
    rows.add(
        row(
            metric + " CV of the set",
            stats,
            s -> String.format(Locale.ROOT, "%.1f %%", s.path("cvPercent").asDouble())));
    // The same at the runs' mean machine pace (nginx and HAProxy's CPU per user-second where each
    // result rests): what is left of the spread once the machine's drift is out.
    List<JsonNode> paced =
        runs.stream()
            .map(Comparison.Run::set)
            .map(set -> set == null ? null : set.path("pace").path("statistics"))
            .map(s -> s == null || !s.isObject() ? null : s)
            .toList();
    if (paced.stream().anyMatch(s -> s != null)) {
      rows.add(
          row(
              metric + " CV at the machine's mean pace",
              paced,
              s ->
                  String.format(
                      Locale.ROOT,
                      "%.1f %% (spread %.1f %%)",
                      s.path("cvPercent").asDouble(),
                      s.path("spreadPercent").asDouble())));
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
    if (!base.isSet() || !metric.equals(base.set().path("metric").asString(""))) {
      return row;
    }
    List<Comparison.Delta> deltas = new ArrayList<>(row.deltas());
    for (int i = 1; i < runs.size(); i++) {
      Comparison.Run other = runs.get(i);
      if (other.isSet() && metric.equals(other.set().path("metric").asString(""))) {
        String verdict =
            meanDifference(base.set().path("statistics"), other.set().path("statistics")).verdict();
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
  static Comparison.Delta meanDifference(JsonNode base, JsonNode other) {
    if (base == null
        || other == null
        || !base.path("mean").isNumber()
        || !other.path("mean").isNumber()
        || base.path("mean").asDouble() == 0) {
      return new Comparison.Delta("", "");
    }
    double mean = base.path("mean").asDouble();
    double percent = (other.path("mean").asDouble() - mean) / mean * 100;
    double combined =
        (base.path("spread").asDouble() / 2 + other.path("spread").asDouble() / 2) / mean * 100;
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
      String metric, List<JsonNode> stats, Function<JsonNode, String> value) {
    return Comparison.Row.shown(metric, values(stats, value));
  }

  private static Comparison.Row plain(
      String metric, List<Comparison.Run> runs, Function<Comparison.Run, String> value) {
    return Comparison.Row.shown(metric, runs.stream().map(value).toList());
  }

  private static List<String> values(List<JsonNode> stats, Function<JsonNode, String> value) {
    return stats.stream().map(s -> s == null ? "–" : value.apply(s)).toList();
  }
}
