package dev.anemometer.harness.soak;

import dev.anemometer.harness.config.SoakSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Each target's p99 per operation over the first and the last {@code soak.driftSpan} of its steady
 * load (at most a third of it each), judged for drift, and per stretch of it for the report's
 * chart.
 */
final class DriftAnalysis {

  /** About this many points per operation in the chart. */
  static final int CHART_POINTS = 30;

  private final SoakSpec spec;
  private final DriftDetector detector;

  DriftAnalysis(SoakSpec spec) {
    this.spec = spec;
    this.detector = new DriftDetector(spec.driftPercent(), spec.driftMinMillis());
  }

  SoakSummary.Drift of(List<LatencyLog> logs) {
    List<SoakSummary.TargetDrift> targets = new ArrayList<>();
    List<String> drifting = new ArrayList<>();
    for (LatencyLog log : logs) {
      SoakSummary.TargetDrift target = target(log);
      targets.add(target);
      if (target.operations() != null) {
        target.operations().stream()
            .filter(o -> DriftDetector.DRIFT.equals(o.verdict()))
            .forEach(o -> drifting.add(log.target() + " " + o.operation() + ": " + o.reason()));
      }
    }
    String note =
        String.format(
            Locale.ROOT,
            "p99 of the first and last %d s of the steady load (at most a third of it each),"
                + " exact from the driver's histograms",
            spec.driftSpan().toSeconds());
    return new SoakSummary.Drift(
        logs.isEmpty() ? "the driver wrote no interval" : note, targets, drifting);
  }

  private SoakSummary.TargetDrift target(LatencyLog log) {
    List<LatencyLog.Interval> steady = SteadyLoad.of(log);
    if (steady.isEmpty()) {
      return new SoakSummary.TargetDrift(
          log.target(), null, null, "no steady load (judged phase) to compare", null, null);
    }
    long from = steady.get(0).fromMillis();
    long to = steady.get(steady.size() - 1).toMillis();
    long span = Math.min(spec.driftSpan().toMillis(), (to - from) / 3);
    SoakSummary.Span early = new SoakSummary.Span(from / 1000.0, (from + span) / 1000.0);
    SoakSummary.Span late = new SoakSummary.Span((to - span) / 1000.0, to / 1000.0);
    List<SoakSummary.OperationSeries> chart = chart(log, steady, from, to);
    double earlyUsers = users(steady, from, from + span);
    double lateUsers = users(steady, to - span, to);
    if (Math.abs(earlyUsers - lateUsers) > 0.01 * Math.max(earlyUsers, lateUsers)) {
      String note =
          String.format(
              Locale.ROOT,
              "not judged: the load differs between the spans (%.0f and %.0f users)",
              earlyUsers,
              lateUsers);
      return new SoakSummary.TargetDrift(log.target(), early, late, note, null, chart);
    }
    List<SoakSummary.OperationDrift> operations = new ArrayList<>();
    for (String operation : log.operations()) {
      operations.add(
          detector.judge(
              operation,
              log.merged(operation, from, from + span),
              log.merged(operation, to - span, to)));
    }
    return new SoakSummary.TargetDrift(log.target(), early, late, null, operations, chart);
  }

  /** The mean users of the intervals in [from, to). */
  private static double users(List<LatencyLog.Interval> steady, long from, long to) {
    return steady.stream()
        .filter(i -> i.within(from, to))
        .mapToInt(LatencyLog.Interval::users)
        .average()
        .orElse(0);
  }

  /** The p99 of each operation per stretch of whole status intervals, about 30 per load. */
  private static List<SoakSummary.OperationSeries> chart(
      LatencyLog log, List<LatencyLog.Interval> steady, long from, long to) {
    long status =
        steady.stream()
            .mapToLong(i -> i.toMillis() - i.fromMillis())
            .sorted()
            .skip(steady.size() / 2)
            .findFirst()
            .orElse(10_000);
    long stretch =
        Math.max(status, (long) Math.ceil((to - from) / (double) CHART_POINTS / status) * status);
    List<SoakSummary.OperationSeries> series = new ArrayList<>();
    for (String operation : log.operations()) {
      List<double[]> points = new ArrayList<>();
      for (long start = from; start < to; start += stretch) {
        long end = Math.min(to, start + stretch);
        Histogram histogram = log.merged(operation, start, end);
        if (histogram.getTotalCount() > 0) {
          points.add(new double[] {end / 1000.0, DriftDetector.p99Millis(histogram)});
        }
      }
      series.add(new SoakSummary.OperationSeries(operation, points));
    }
    return series;
  }
}
