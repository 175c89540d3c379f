package dev.anemometer.harness.soak;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Whether an app server's old generation was collected while its heap after GC was judged. Until
 * the JVM collects the old generation (G1: a concurrent cycle, then mixed collections), the heap
 * after young collections only grows, by the short-lived objects they promote, however steady the
 * live heap is (G1 ran no such collection in an hour's soak at 1,750 users on a 1.1 GiB heap, and
 * the series rose 10.9 %/h while class histograms found the live heap flat at 184-188 MiB). A leak
 * shows as a rise between such collections, so a LEAK verdict on the heap stands only when the
 * judged half saw at least {@value #NEEDED}; otherwise the series is {@value #UNDECIDED}.
 */
final class OldCollections {

  static final String UNDECIDED = "undecided";

  /** Collections the judged half must see for a rise of the heap after GC to count as a leak. */
  static final int NEEDED = 2;

  private final Map<String, List<LeakDetector.Point>> counts;

  private OldCollections(Map<String, List<LeakDetector.Point>> counts) {
    this.counts = counts;
  }

  static OldCollections of(List<ResourceRow> rows) {
    Map<String, List<LeakDetector.Point>> counts = new HashMap<>();
    for (ResourceRow row : rows) {
      if (Metric.OLD_COLLECTIONS.column().equals(row.metric())) {
        counts
            .computeIfAbsent(key(row.instance(), row.source()), k -> new ArrayList<>())
            .add(new LeakDetector.Point(row.loadSeconds(), row.value()));
      }
    }
    counts
        .values()
        .forEach(points -> points.sort(Comparator.comparingDouble(LeakDetector.Point::seconds)));
    return new OldCollections(counts);
  }

  /**
   * The samples within {@code span} whose count rose since the sample before: the collections seen
   * there (two within one sampling interval count once). Empty when the process has no count.
   */
  OptionalInt seenIn(String instance, String source, SoakSummary.Span span) {
    List<LeakDetector.Point> points = counts.get(key(instance, source));
    if (points == null) {
      return OptionalInt.empty();
    }
    int seen = 0;
    for (int i = 1; i < points.size(); i++) {
      LeakDetector.Point point = points.get(i);
      boolean inSpan = point.seconds() >= span.fromSeconds() && point.seconds() <= span.toSeconds();
      if (inSpan && point.value() > points.get(i - 1).value()) {
        seen++;
      }
    }
    return OptionalInt.of(seen);
  }

  /**
   * A LEAK of the heap after GC without {@value #NEEDED} old collections in the span: undecided.
   */
  LeakDetector.Verdict review(
      String instance, String source, SoakSummary.Span span, LeakDetector.Verdict verdict) {
    OptionalInt seen = seenIn(instance, source, span);
    if (!verdict.leak() || seen.isEmpty() || seen.getAsInt() >= NEEDED) {
      return verdict;
    }
    return new LeakDetector.Verdict(
        UNDECIDED,
        verdict.growthPerHour(),
        verdict.growthPercentPerHour(),
        String.format(
            Locale.ROOT,
            "%+.1f %%/h, but the old generation was collected %s in the judged half: until it is,"
                + " the heap after young collections grows by the garbage they promote, so only a"
                + " rise between %d such collections shows a leak (a longer soak or a smaller"
                + " tuning.app.heap brings more)",
            verdict.growthPercentPerHour(),
            seen.getAsInt() == 0 ? "not once" : "once",
            NEEDED));
  }

  private static String key(String instance, String source) {
    return instance + '\u0000' + source;
  }
}
