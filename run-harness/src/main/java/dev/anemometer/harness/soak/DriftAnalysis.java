package dev.anemometer.harness.soak;

import dev.anemometer.harness.config.SoakSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
    Spans spans = new Spans(from, to, span, stretch(steady, from, to));
    log.visit(spans::add);
    SoakSummary.Span early = new SoakSummary.Span(from / 1000.0, (from + span) / 1000.0);
    SoakSummary.Span late = new SoakSummary.Span((to - span) / 1000.0, to / 1000.0);
    List<SoakSummary.OperationSeries> chart = spans.chart();
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
    spans.operations.forEach(
        (operation, own) ->
            operations.add(detector.judge(operation, own.early, own.late, own.points)));
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

  /** Whole status intervals per chart point, about {@link #CHART_POINTS} over the steady load. */
  private static long stretch(List<LatencyLog.Interval> steady, long from, long to) {
    long status =
        steady.stream()
            .mapToLong(i -> i.toMillis() - i.fromMillis())
            .sorted()
            .skip(steady.size() / 2)
            .findFirst()
            .orElse(10_000);
    return Math.max(
        status, (long) Math.ceil((to - from) / (double) CHART_POINTS / status) * status);
  }

  /**
   * Each operation's latencies merged over the first and last span and over the current stretch of
   * the chart; the log comes in time order, so a stretch is closed into a point when the next
   * begins.
   */
  private static final class Spans {
    final long from;
    final long to;
    final long span;
    final long stretch;
    final Map<String, Operation> operations = new LinkedHashMap<>();

    Spans(long from, long to, long span, long stretch) {
      this.from = from;
      this.to = to;
      this.span = span;
      this.stretch = stretch;
    }

    void add(String name, LatencyLog.Interval interval, Histogram latencies) {
      if (!interval.within(from, to)) {
        return;
      }
      Operation operation = operations.computeIfAbsent(name, n -> new Operation());
      if (interval.within(from, from + span)) {
        operation.early.add(latencies);
      }
      if (interval.within(to - span, to)) {
        operation.late.add(latencies);
      }
      long index = (long) (((interval.fromMillis() + interval.toMillis()) / 2.0 - from) / stretch);
      if (index != operation.stretchIndex) {
        operation.closeStretch(from, to, stretch);
        operation.stretchIndex = index;
      }
      operation.stretch.add(latencies);
    }

    List<SoakSummary.OperationSeries> chart() {
      List<SoakSummary.OperationSeries> series = new ArrayList<>();
      operations.forEach(
          (name, operation) -> {
            operation.closeStretch(from, to, stretch);
            series.add(new SoakSummary.OperationSeries(name, operation.points));
          });
      return series;
    }
  }

  private static final class Operation {
    final Histogram early = new Histogram(3);
    final Histogram late = new Histogram(3);
    final Histogram stretch = new Histogram(3);
    final List<double[]> points = new ArrayList<>();
    long stretchIndex = -1;

    /** The current stretch as a point at its end (the load's end for the last one). */
    void closeStretch(long from, long to, long length) {
      if (stretchIndex >= 0 && stretch.getTotalCount() > 0) {
        long end = Math.min(to, from + (stretchIndex + 1) * length);
        points.add(new double[] {end / 1000.0, DriftDetector.p99Millis(stretch)});
      }
      stretch.reset();
    }
  }
}
