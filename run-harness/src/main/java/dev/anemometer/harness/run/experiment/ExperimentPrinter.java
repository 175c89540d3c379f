package dev.anemometer.harness.run.experiment;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.results.StudyFolder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The console's side of an experiment: a round's line as it ends, the table and the verdicts. */
public final class ExperimentPrinter {

  private final Console console;

  public ExperimentPrinter(Console console) {
    this.console = console;
  }

  /** "round 2: order change, base; base 1,480 · change 1,590 peak users; change/base ×1.074". */
  public void roundEnded(Experiment experiment) {
    Experiment.Round round = experiment.rounds().get(experiment.rounds().size() - 1);
    StringBuilder line =
        new StringBuilder("round " + round.round() + " (order " + String.join(", ", round.order()));
    line.append("): ");
    List<String> values = new ArrayList<>();
    for (Experiment.RunRecord run : round.runs()) {
      values.add(run.variant() + " " + value(run.value(), experiment));
    }
    line.append(String.join(" · ", values)).append(' ').append(experiment.metric());
    round
        .ratios()
        .forEach(
            (variant, ratio) ->
                line.append("; ")
                    .append(variant)
                    .append('/')
                    .append(base(experiment))
                    .append(String.format(Locale.ROOT, " ×%.3f", ratio)));
    console.info(line.toString());
    experiment
        .comparisons()
        .forEach(comparison -> console.info("  so far: " + comparison.verdict()));
  }

  /** The table of every round, then the method, the verdicts and why it stopped. */
  public void finished(Experiment experiment, Path folder) {
    console.phase("experiment '" + experiment.name() + "': " + experiment.metric());
    console.table(header(experiment), rows(experiment));
    console.info("interval: " + experiment.method());
    for (Experiment.Comparison comparison : experiment.comparisons()) {
      console.info(comparison.verdict());
    }
    if (experiment.machine() != null) {
      console.info(experiment.machine());
    }
    if (experiment.alsoMeasured() != null) {
      console.info("also measured in the same runs (a second look; they did not decide the stop):");
      for (Experiment.AlsoMeasured also : experiment.alsoMeasured()) {
        console.info("  " + also.metric());
        also.comparisons().forEach(comparison -> console.info("    " + comparison.verdict()));
      }
    }
    console.info(
        "stopped: "
            + experiment.stopReason()
            + " ("
            + experiment.stopRule()
            + "); wall time "
            + Verdicts.duration(experiment.wallSeconds()));
    console.info("experiment: " + folder.resolve(StudyFolder.Kind.EXPERIMENT.file()));
  }

  static List<String> header(Experiment experiment) {
    List<String> header = new ArrayList<>(List.of("round", "order"));
    experiment.variants().forEach(variant -> header.add(variant.name()));
    for (Experiment.VariantInfo variant :
        experiment.variants().subList(1, experiment.variants().size())) {
      header.add(variant.name() + "/" + base(experiment));
    }
    header.add("pace µs/user-s");
    return header;
  }

  static List<List<String>> rows(Experiment experiment) {
    List<List<String>> rows = new ArrayList<>();
    for (Experiment.Round round : experiment.rounds()) {
      List<String> row = new ArrayList<>();
      row.add(String.valueOf(round.round()));
      row.add(String.join(" → ", round.order()));
      for (Experiment.VariantInfo variant : experiment.variants()) {
        row.add(
            round.runs().stream()
                .filter(run -> run.variant().equals(variant.name()))
                .findFirst()
                .map(run -> value(run.value(), experiment))
                .orElse("–"));
      }
      for (Experiment.VariantInfo variant :
          experiment.variants().subList(1, experiment.variants().size())) {
        Double ratio = round.ratios().get(variant.name());
        row.add(ratio == null ? "–" : String.format(Locale.ROOT, "%.3f", ratio));
      }
      row.add(
          round.paceMicrosPerUserSecond() == null
              ? "–"
              : String.format(Locale.ROOT, "%.0f", round.paceMicrosPerUserSecond()));
      rows.add(row);
    }
    return rows;
  }

  private static String value(Double value, Experiment experiment) {
    if (value == null) {
      return "–";
    }
    return String.format(
        Locale.ROOT, experiment.metricKey().equals("peak") ? "%,.0f" : "%,.1f", value);
  }

  private static String base(Experiment experiment) {
    return experiment.variants().get(0).name();
  }
}
