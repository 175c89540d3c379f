package dev.anemometer.harness.report;

import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.harness.platform.Platform;
import dev.anemometer.harness.results.Headline;
import dev.anemometer.harness.results.RepeatSet;
import dev.anemometer.harness.results.ResultsDirectory;
import dev.anemometer.harness.results.RunSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Several runs side by side, each figure with its change relative to the first run (the baseline):
 * outcome, peak users, throughput and failed operations of the judged period and p99 per operation.
 * A change beyond {@link #THRESHOLD_PERCENT} in the bad direction is {@code worse}, in the good one
 * {@code better}.
 *
 * <p>With several app instances a run's throughput is their sum and its p99 the worst instance's.
 *
 * <p>The machine and its reference speed are shown beside the figures, not judged; {@code warnings}
 * say when the runs were measured on machines whose speed differs by more than the threshold, as
 * their peaks are then not directly comparable.
 *
 * <p>findMax runs show their brackets beside their peaks ({@link BracketRow}).
 *
 * <p>A repeat set's folder stands for its runs: each figure is their mean, the outcome passes only
 * if every run passed. When a folder is a set, or a run that belongs to one, {@link RepeatRows}
 * adds the set's mean with its confidence interval, spread and CV, and whether the difference of
 * means exceeds the spreads.
 */
public record Comparison(List<String> labels, List<Row> rows, List<String> warnings) {

  public static final double THRESHOLD_PERCENT = 5.0;

  /**
   * Said with every comparison: its runs were taken at different times, and a shared machine's
   * speed moves between them (decisions 0013, 0021), which only interleaved rounds cancel.
   */
  public static final String TAKEN_APART =
      "these runs were taken at different times: a difference between them may be the machine's"
          + " (its speed drifts between runs), not the configurations'. To tell two configurations"
          + " apart, run them as an experiment of interleaved rounds: anemometer ab BASE.yaml"
          + " CHANGE.yaml (see docs/experiments.md)";

  public Comparison(List<String> labels, List<Row> rows) {
    this(labels, rows, List.of());
  }

  /** One metric: its value in every run, and per run after the baseline its change. */
  public record Row(String metric, List<String> values, List<Delta> deltas) {

    /** A row shown beside the others and never judged: no change after any value. */
    static Row shown(String metric, List<String> values) {
      List<Delta> none = new ArrayList<>();
      for (int i = 1; i < values.size(); i++) {
        none.add(new Delta("", ""));
      }
      return new Row(metric, values, none);
    }
  }

  /** A change against the baseline; {@code verdict} is better, worse or same (or empty). */
  public record Delta(String text, String verdict) {}

  /**
   * A folder compared: one run's summary, or a repeat set's runs' summaries.
   *
   * @param set the repeats.json of the set the folder is or belongs to; null if none
   */
  record Run(String label, List<RunSummary> summaries, RepeatSet set, String setLabel) {

    RunSummary summary() {
      return summaries.get(0);
    }

    /** The folder is a repeat set (not a run that belongs to one): its figures are means. */
    boolean isSet() {
      return label.equals(setLabel);
    }
  }

  public static Comparison of(List<Path> resultsDirs) {
    List<Run> runs = resultsDirs.stream().map(Comparison::load).toList();
    List<Row> rows = new ArrayList<>();
    rows.add(outcomeRow(runs));
    rows.add(validityRow(runs));
    rows.add(
        RepeatRows.judgedBySpread(
            runs,
            Headline.PEAK_USERS,
            numberRow(
                runs, Headline.PEAK_USERS, true, summary -> number(summary.peakUsers()), "%,.0f")));
    BracketRow.of(runs).ifPresent(rows::add);
    rows.add(
        RepeatRows.judgedBySpread(
            runs,
            Headline.THROUGHPUT,
            numberRow(
                runs,
                Headline.THROUGHPUT,
                true,
                summary -> Headline.judgedThroughput(summary.load()),
                "%,.1f")));
    rows.add(numberRow(runs, "failed operations", false, JudgedFigures::failures, "%,.0f"));
    for (String operation : names(runs, JudgedFigures::operations)) {
      rows.add(
          numberRow(
              runs,
              "p99 " + operation + " (ms)",
              false,
              summary -> JudgedFigures.p99(JudgedFigures.operations(summary), operation),
              "%,.1f"));
    }
    // How late followers learned of bids and item changes, beside the operations.
    for (String notification : names(runs, JudgedFigures::notifications)) {
      rows.add(
          numberRow(
              runs,
              "p99 " + notification + " (ms)",
              false,
              summary -> JudgedFigures.p99(JudgedFigures.notifications(summary), notification),
              "%,.1f"));
    }
    rows.add(machineRow(runs));
    MACHINE_SPEEDS.stream()
        .filter(speed -> speed.recordedByEveryRun() || recordedByAny(runs, speed))
        .forEach(speed -> rows.add(speedRow(runs, speed)));
    PeakCpu.figures(runs.stream().flatMap(run -> run.summaries().stream()).toList())
        .forEach((metric, figure) -> rows.add(numberRow(runs, metric, false, figure, "%,.0f")));
    rows.addAll(RepeatRows.of(runs));
    return new Comparison(runs.stream().map(Run::label).toList(), rows, speedWarnings(runs));
  }

  /** A set's machine is its runs' machine, or each of them when they ran on several. */
  private static Row machineRow(List<Run> runs) {
    List<String> values =
        runs.stream()
            .map(
                run ->
                    String.join(
                        " | ",
                        run.summaries().stream().map(Comparison::machine).distinct().toList()))
            .toList();
    List<Delta> deltas = new ArrayList<>();
    for (String other : values.subList(1, values.size())) {
      deltas.add(new Delta(other.equals(values.get(0)) ? "" : "other machine", ""));
    }
    return new Row("machine", values, deltas);
  }

  static String machine(RunSummary summary) {
    Platform platform = summary.platform();
    if (platform == null || platform.cpu() == null) {
      return "–";
    }
    return platform.cpu().availableProcessors()
        + " cores "
        + orUnknown(platform.cpu().model())
        + ", "
        + orUnknown(platform.os() == null ? null : platform.os().kernel());
  }

  private static String orUnknown(String text) {
    return text == null ? "?" : text;
  }

  /** Machine speeds are shown with their change but never count as better or worse. */
  private static Row speedRow(List<Run> runs, MachineSpeed speed) {
    Row row =
        numberRow(runs, speed.name() + " (1.00 = reference machine)", true, speed.score(), "%.2f");
    List<Delta> neutral = row.deltas().stream().map(d -> new Delta(d.text(), "")).toList();
    return new Row(row.metric(), row.values(), neutral);
  }

  /**
   * A figure of the machine's speed in a run's platform block; {@code recordedByEveryRun}: runs
   * without it are from before the harness measured it, which a warning does not need to say.
   */
  private record MachineSpeed(
      String name, Function<RunSummary, Double> score, boolean recordedByEveryRun) {}

  private static final List<MachineSpeed> MACHINE_SPEEDS =
      List.of(
          new MachineSpeed("reference speed", Comparison::referenceSpeed, true),
          new MachineSpeed("loopback speed", Comparison::loopbackSpeed, false));

  private static boolean recordedByAny(List<Run> runs, MachineSpeed speed) {
    return runs.stream().anyMatch(run -> mean(run.summaries(), speed.score()) != null);
  }

  private static Double referenceSpeed(RunSummary summary) {
    Platform platform = summary.platform();
    return platform == null || platform.referenceSpeed() == null
        ? null
        : platform.referenceSpeed().score();
  }

  private static Double loopbackSpeed(RunSummary summary) {
    Platform platform = summary.platform();
    return platform == null || platform.loopbackSpeed() == null
        ? null
        : platform.loopbackSpeed().score();
  }

  /**
   * One line per run and speed where the machine is faster or slower than the baseline's by over 5
   * %.
   */
  private static List<String> speedWarnings(List<Run> runs) {
    List<String> warnings = new ArrayList<>();
    for (MachineSpeed speed : MACHINE_SPEEDS) {
      Double base = mean(runs.get(0).summaries(), speed.score());
      for (Run run : runs.subList(1, runs.size())) {
        Double other = mean(run.summaries(), speed.score());
        if (base == null || other == null) {
          if ((base != null || other != null) && speed.recordedByEveryRun()) {
            warnings.add(
                run.label()
                    + ": only one of the two runs recorded its platform; machine speeds cannot be"
                    + " compared");
          }
          continue;
        }
        double percent = (other - base) / base * 100;
        if (Math.abs(percent) > THRESHOLD_PERCENT) {
          warnings.add(
              String.format(
                  Locale.ROOT,
                  "%s ran on a machine %.0f %% %s than %s's (%s %.2f against %.2f):"
                      + " its figures are not directly comparable",
                  run.label(),
                  Math.abs(percent),
                  percent > 0 ? "faster" : "slower",
                  runs.get(0).label(),
                  speed.name(),
                  other,
                  base));
        }
      }
    }
    return warnings;
  }

  private static Run load(Path dir) {
    Path folder = dir.toAbsolutePath().normalize();
    String label = folder.getFileName().toString();
    if (RepeatSetData.isSet(folder)) {
      RepeatSet set = RepeatSetData.read(folder);
      List<RunSummary> summaries =
          RepeatSetData.runDirs(folder, set).stream().map(ResultsDirectory::summaryOf).toList();
      return new Run(label, summaries, set, label);
    }
    RunSummary summary = ResultsDirectory.summaryOf(dir);
    return RepeatSetData.containing(folder)
        .map(
            set ->
                new Run(
                    label, List.of(summary), RepeatSetData.read(set), set.getFileName().toString()))
        .orElse(new Run(label, List.of(summary), null, null));
  }

  private static Row outcomeRow(List<Run> runs) {
    return verdictRow(
        runs,
        "outcome",
        run -> {
          long passed = run.summaries().stream().filter(s -> "PASSED".equals(s.outcome())).count();
          return run.summaries().size() == 1
              ? orUnknown(run.summary().outcome())
              : passed == run.summaries().size()
                  ? "PASSED"
                  : passed + " of " + run.summaries().size() + " PASSED";
        },
        "PASSED"::equals,
        "now passes",
        "now fails");
  }

  /** Numbers from a run whose driver was the bottleneck measure the driver: say so beside them. */
  private static Row validityRow(List<Run> runs) {
    return verdictRow(
        runs,
        "driver kept up",
        run -> {
          List<DriverSummary> loads =
              run.summaries().stream()
                  .map(RunSummary::load)
                  .filter(java.util.Objects::nonNull)
                  .toList();
          return loads.isEmpty()
              ? "–"
              : loads.stream().allMatch(DriverSummary::valid) ? "yes" : "no";
        },
        "yes"::equals,
        "now valid",
        "now invalid");
  }

  private static Row verdictRow(
      List<Run> runs,
      String metric,
      Function<Run, String> value,
      java.util.function.Predicate<String> good,
      String nowGood,
      String nowBad) {
    List<String> values = runs.stream().map(value).toList();
    List<Delta> deltas = new ArrayList<>();
    boolean baseGood = good.test(values.get(0));
    for (String other : values.subList(1, values.size())) {
      boolean isGood = good.test(other);
      deltas.add(
          isGood == baseGood
              ? new Delta("", "same")
              : isGood ? new Delta(nowGood, "better") : new Delta(nowBad, "worse"));
    }
    return new Row(metric, values, deltas);
  }

  private static Row numberRow(
      List<Run> runs,
      String metric,
      boolean higherIsBetter,
      Function<RunSummary, Double> figure,
      String format) {
    List<Double> numbers = runs.stream().map(run -> mean(run.summaries(), figure)).toList();
    List<String> values =
        numbers.stream().map(n -> n == null ? "–" : String.format(Locale.ROOT, format, n)).toList();
    List<Delta> deltas = new ArrayList<>();
    Double base = numbers.get(0);
    for (Double value : numbers.subList(1, numbers.size())) {
      deltas.add(delta(base, value, higherIsBetter));
    }
    return new Row(metric, values, deltas);
  }

  static Delta delta(Double base, Double value, boolean higherIsBetter) {
    if (base == null || value == null) {
      return new Delta("", "");
    }
    if (base == 0) {
      // No percentage from zero, but failures appearing (or users passing) still matter.
      return value == 0
          ? new Delta("±0 %", "same")
          : new Delta("from 0", (value > 0) == higherIsBetter ? "better" : "worse");
    }
    double percent = (value - base) / base * 100;
    double gain = higherIsBetter ? percent : -percent;
    String verdict =
        gain < -THRESHOLD_PERCENT ? "worse" : gain > THRESHOLD_PERCENT ? "better" : "same";
    return new Delta(String.format(Locale.ROOT, "%+.1f %%", percent), verdict);
  }

  /** A set's figure is the mean over its runs that have it. */
  private static Double mean(List<RunSummary> summaries, Function<RunSummary, Double> figure) {
    List<Double> values = summaries.stream().map(figure).filter(v -> v != null).toList();
    return values.isEmpty()
        ? null
        : values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  private static Double number(Integer value) {
    return value == null ? null : value.doubleValue();
  }

  private static Set<String> names(
      List<Run> runs, Function<RunSummary, List<JudgedFigures.Judged>> figures) {
    Set<String> names = new LinkedHashSet<>();
    runs.forEach(
        run ->
            run.summaries()
                .forEach(summary -> figures.apply(summary).forEach(f -> names.add(f.name()))));
    return names;
  }

  /** The console table: one column per run, the change after each value. */
  public List<List<String>> textRows() {
    List<List<String>> text = new ArrayList<>();
    for (Row row : rows) {
      List<String> cells = new ArrayList<>();
      cells.add(row.metric());
      for (int i = 0; i < row.values().size(); i++) {
        String value = row.values().get(i);
        if (i > 0) {
          Delta delta = row.deltas().get(i - 1);
          String mark =
              Map.of("worse", " WORSE", "better", " better").getOrDefault(delta.verdict(), "");
          value += delta.text().isEmpty() ? mark : " (" + delta.text() + ")" + mark;
        }
        cells.add(value);
      }
      text.add(cells);
    }
    return text;
  }

  /** Counts of worse and better cells, for the one-line conclusion. */
  public Map<String, Long> verdictCounts() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("worse", 0L);
    counts.put("better", 0L);
    rows.forEach(
        row ->
            row.deltas()
                .forEach(d -> counts.computeIfPresent(d.verdict(), (key, count) -> count + 1)));
    return counts;
  }
}
