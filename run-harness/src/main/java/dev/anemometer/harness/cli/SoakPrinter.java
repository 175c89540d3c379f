package dev.anemometer.harness.cli;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.soak.SoakSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The soak's end of a run: every tier's resources at the start and end of the steady load with
 * their growth and verdict, then each operation's p99 at its start and end, leaks and drift loudly.
 */
final class SoakPrinter {

  /** Per table they would double the table; summary.json and the report have them. */
  private static final List<String> PER_TABLE = List.of("tableBytes", "deadRows");

  /** The verdicts of a series that was judged; the others were too short or are not judged. */
  private static final List<String> JUDGED = List.of("LEAK", "steady", "undecided");

  private SoakPrinter() {}

  static void print(Console console, SoakSummary soak) {
    if (soak == null) {
      return;
    }
    if (!soak.sampled()) {
      console.info("soak: resources not sampled: " + soak.note());
    } else {
      printResources(console, soak);
    }
    if (soak.drift() != null) {
      printDrift(console, soak.drift());
    }
  }

  private static void printResources(Console console, SoakSummary soak) {
    console.info(
        String.format(
            Locale.ROOT,
            "soak: %d samples every %.0f s; leaks judged over %s (second half of the steady load);"
                + " first and last: of the steady load",
            soak.samples(),
            soak.everySeconds(),
            span(soak.judged())));
    List<List<String>> rows = new ArrayList<>();
    int judged = 0;
    for (SoakSummary.SeriesFinding series : soak.series()) {
      if (PER_TABLE.contains(series.metric())) {
        continue;
      }
      if (JUDGED.contains(series.verdict())) {
        judged++;
      }
      rows.add(
          List.of(
              series.instance(),
              series.tier(),
              series.source(),
              series.metric(),
              value(series.unit(), series.first()),
              value(series.unit(), series.last()),
              series.growthPercentPerHour() == null
                  ? "-"
                  : String.format(Locale.ROOT, "%+.1f %%", series.growthPercentPerHour()),
              series.verdict()));
    }
    console.table(
        List.of("instance", "tier", "source", "metric", "first", "last", "growth/h", "verdict"),
        rows);
    if (judged == 0) {
      console.info(
          "soak: no series judged for leaks (the judged half needs 8 samples and"
              + " soak.leakMinSpan)");
    } else if (soak.leaks().isEmpty()) {
      console.info("soak: no leak in " + judged + " judged series");
    }
    soak.leaks().forEach(leak -> console.notice("LEAK: " + leak));
    soak.series().stream()
        .filter(series -> "undecided".equals(series.verdict()))
        .forEach(
            series ->
                console.info(
                    "soak: "
                        + series.instance()
                        + " "
                        + series.source()
                        + " "
                        + series.metric()
                        + " undecided: "
                        + series.reason()));
  }

  private static void printDrift(Console console, SoakSummary.Drift drift) {
    for (SoakSummary.TargetDrift target : drift.targets()) {
      if (target.operations() == null) {
        console.info("p99 drift, " + target.target() + ": " + target.note());
        continue;
      }
      console.info(
          "p99 drift, "
              + target.target()
              + ": "
              + span(target.early())
              + " against "
              + span(target.late())
              + " of the load");
      List<List<String>> rows = new ArrayList<>();
      for (SoakSummary.OperationDrift operation : target.operations()) {
        rows.add(
            List.of(
                operation.operation(),
                operation.earlyCount() + " / " + operation.lateCount(),
                millis(operation.earlyP99Millis()),
                millis(operation.lateP99Millis()),
                operation.changePercent() == null
                    ? "-"
                    : String.format(Locale.ROOT, "%+.0f %%", operation.changePercent()),
                operation.verdict()));
      }
      console.table(
          List.of("operation", "count first / last", "p99 first", "p99 last", "change", "verdict"),
          rows);
    }
    if (drift.drifting().isEmpty()) {
      console.info("soak: no p99 drift");
    }
    drift.drifting().forEach(line -> console.notice("P99 DRIFT: " + line));
  }

  private static String span(SoakSummary.Span span) {
    return span == null ? "-" : clock(span.fromSeconds()) + "–" + clock(span.toSeconds());
  }

  /** m:ss, h:mm:ss past an hour, as the progress lines and the report write times. */
  static String clock(double seconds) {
    long total = Math.round(seconds);
    long hours = total / 3600;
    String minutes =
        hours > 0
            ? String.format(Locale.ROOT, "%d:%02d", hours, total / 60 % 60)
            : Long.toString(total / 60);
    return String.format(Locale.ROOT, "%s:%02d", minutes, total % 60);
  }

  private static String value(String unit, double value) {
    return "bytes".equals(unit)
        ? String.format(Locale.ROOT, "%.1f MiB", value / (1024 * 1024))
        : String.format(Locale.ROOT, "%.0f", value);
  }

  private static String millis(Double value) {
    return value == null ? "-" : String.format(Locale.ROOT, "%.1f ms", value);
  }
}
