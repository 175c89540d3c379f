package dev.anemometer.harness.soak;

import dev.anemometer.harness.config.SoakSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Judges a soak from its results folder: the series of {@code resources.csv} for leaks over the
 * second half of the steady load, and the driver's histograms for p99 drift between its first and
 * last spans. Files rather than memory, so that an interrupted run is judged on what it wrote.
 */
public final class SoakAnalysis {

  private static final List<String> TIER_ORDER = List.of("db", "app", "lb", "web");

  private SoakAnalysis() {}

  /**
   * @param samplerNote why no resources were sampled, or null when the sampler ran
   */
  public static SoakSummary of(SoakSpec spec, Path resultsDir, String samplerNote) {
    List<LatencyLog> logs = LatencyLog.read(resultsDir.resolve("driver"));
    SoakSummary.Span steady = SteadyLoad.span(logs);
    SoakSummary.Drift drift = new DriftAnalysis(spec).of(logs);
    List<ResourceRow> rows = ResourcesCsv.read(resultsDir.resolve(ResourcesCsv.FILE));
    if (rows.isEmpty()) {
      String note =
          samplerNote != null ? samplerNote : "no sample was taken (the load did not run)";
      return new SoakSummary(false, note, null, null, steady, null, null, null, drift);
    }
    SoakSummary.Span judged = judgedHalf(steady, rows);
    LeakDetector detector = new LeakDetector(spec.leakPercentPerHour(), spec.leakMinSpan());
    OldCollections oldCollections = OldCollections.of(rows);
    List<SoakSummary.SeriesFinding> findings = new ArrayList<>();
    List<String> leaks = new ArrayList<>();
    for (List<ResourceRow> series : bySeries(rows)) {
      SoakSummary.SeriesFinding finding = finding(series, steady, judged, detector, oldCollections);
      findings.add(finding);
      if (LeakDetector.LEAK.equals(finding.verdict())) {
        leaks.add(leakLine(finding));
      }
    }
    return new SoakSummary(
        true,
        "memory and open files of each tier process with its children, from /proc; JVM figures"
            + " from each app server's /actuator/prometheus; database figures from"
            + " pg_stat_activity, pg_database_size and pg_total_relation_size",
        spec.every().toMillis() / 1000.0,
        (int) rows.stream().map(ResourceRow::time).distinct().count(),
        steady,
        judged,
        findings,
        leaks,
        drift);
  }

  /** The second half of the steady load; without one, of the sampled time. */
  static SoakSummary.Span judgedHalf(SoakSummary.Span steady, List<ResourceRow> rows) {
    double from;
    double to;
    if (steady != null) {
      from = steady.fromSeconds();
      to = steady.toSeconds();
    } else {
      from = rows.stream().mapToDouble(ResourceRow::loadSeconds).min().orElse(0);
      to = rows.stream().mapToDouble(ResourceRow::loadSeconds).max().orElse(0);
    }
    return new SoakSummary.Span((from + to) / 2, to);
  }

  private static List<List<ResourceRow>> bySeries(List<ResourceRow> rows) {
    Map<String, List<ResourceRow>> series = new LinkedHashMap<>();
    for (ResourceRow row : rows) {
      series.computeIfAbsent(row.series(), s -> new ArrayList<>()).add(row);
    }
    List<List<ResourceRow>> ordered = new ArrayList<>(series.values());
    ordered.sort(
        Comparator.comparing((List<ResourceRow> s) -> s.get(0).instance())
            .thenComparing(s -> tierRank(s.get(0).tier()))
            .thenComparing(s -> s.get(0).source())
            .thenComparing(s -> Metric.ofColumn(s.get(0).metric()).map(Enum::ordinal).orElse(99)));
    return ordered;
  }

  private static int tierRank(String tier) {
    int rank = TIER_ORDER.indexOf(tier);
    return rank < 0 ? TIER_ORDER.size() : rank;
  }

  private static SoakSummary.SeriesFinding finding(
      List<ResourceRow> series,
      SoakSummary.Span steady,
      SoakSummary.Span judged,
      LeakDetector detector,
      OldCollections oldCollections) {
    List<LeakDetector.Point> all =
        series.stream()
            .sorted(Comparator.comparingDouble(ResourceRow::loadSeconds))
            .map(r -> new LeakDetector.Point(r.loadSeconds(), r.value()))
            .toList();
    List<LeakDetector.Point> during = steady == null ? all : within(all, steady);
    if (during.isEmpty()) {
      during = all;
    }
    List<LeakDetector.Point> window = within(all, judged);
    ResourceRow head = series.get(0);
    Metric metric = Metric.ofColumn(head.metric()).orElse(null);
    LeakDetector.Verdict verdict;
    if (metric == null || metric.notJudged(head.tier()).isPresent()) {
      Double perHour = window.size() >= 2 ? LeakDetector.Fit.of(window).slope() * 3600 : null;
      verdict =
          new LeakDetector.Verdict(
              "not judged",
              perHour,
              null,
              metric == null ? "unknown metric" : metric.notJudged(head.tier()).get());
    } else if (metric == Metric.HEAP_AFTER_GC) {
      verdict =
          oldCollections.review(
              head.instance(),
              head.source(),
              judged,
              detector.judge(window, before(during, judged)));
    } else {
      verdict = detector.judge(window, before(during, judged));
    }
    return new SoakSummary.SeriesFinding(
        head.instance(),
        head.tier(),
        head.source(),
        head.metric(),
        metric != null && metric.bytes() ? "bytes" : "count",
        all.size(),
        during.get(0).value(),
        during.get(during.size() - 1).value(),
        during.stream().mapToDouble(LeakDetector.Point::value).min().orElse(0),
        during.stream().mapToDouble(LeakDetector.Point::value).max().orElse(0),
        round(verdict.growthPerHour()),
        round(verdict.growthPercentPerHour()),
        verdict.verdict(),
        verdict.reason());
  }

  /** The points of the steady load before the judged half. */
  private static List<LeakDetector.Point> before(
      List<LeakDetector.Point> during, SoakSummary.Span judged) {
    return during.stream().filter(p -> p.seconds() < judged.fromSeconds()).toList();
  }

  private static List<LeakDetector.Point> within(
      List<LeakDetector.Point> points, SoakSummary.Span span) {
    return points.stream()
        .filter(p -> p.seconds() >= span.fromSeconds() && p.seconds() <= span.toSeconds())
        .toList();
  }

  private static String leakLine(SoakSummary.SeriesFinding finding) {
    String growth =
        Metric.ofColumn(finding.metric())
            .map(
                m ->
                    " ("
                        + (finding.growthPerHour() >= 0 ? "+" : "")
                        + m.format(finding.growthPerHour())
                        + "/h)")
            .orElse("");
    return finding.instance()
        + " "
        + finding.source()
        + " "
        + finding.metric()
        + ": "
        + finding.reason()
        + growth;
  }

  private static Double round(Double value) {
    return value == null ? null : Math.round(value * 100) / 100.0;
  }
}
