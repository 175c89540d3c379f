package dev.anemometer.harness.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import dev.anemometer.harness.config.SoakSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results folder of an hour's soak as the driver and the sampler write it: 5 minutes of ramp-up
 * and warm-up, then 60 minutes judged, in 10-second status intervals and 15-second samples.
 */
class SoakAnalysisTest {

  private static final long START_WALL_MILLIS = 1_764_082_800_123L;
  private static final double MIB = 1024 * 1024;

  @TempDir Path results;

  private final SoakSpec spec =
      new SoakSpec(
          true,
          Duration.ofSeconds(15),
          10.0,
          Duration.ofMinutes(10),
          25.0,
          10.0,
          Duration.ofMinutes(10));

  @BeforeEach
  void anHoursSoak() throws IOException {
    Path driver = Files.createDirectories(results.resolve("driver"));
    List<String> intervals = new ArrayList<>();
    try (OutputStream out = Files.newOutputStream(driver.resolve("histograms-instance-0.hlog"))) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.setBaseTime(START_WALL_MILLIS);
      log.outputStartTime(START_WALL_MILLIS);
      log.outputBaseTime(START_WALL_MILLIS);
      log.outputLegend();
      // Status intervals of about 10 s, as the driver cuts them: never exactly.
      long from = 0;
      for (int i = 0; i < 390; i++) {
        long to = from + 10_000 + i % 3 - 1;
        String phase = i < 30 ? "WARM_UP" : "QOS";
        intervals.add(
            String.format(
                Locale.ROOT,
                "{\"target\":\"instance-0\",\"fromMillis\":%d,\"toMillis\":%d,\"users\":%d,"
                    + "\"phase\":\"%s\",\"operations\":[]}",
                from,
                to,
                "QOS".equals(phase) ? 3000 : 1500,
                phase));
        // PlaceBid's p99 climbs from 120 ms to 240 ms over the hour; Login's stays at 90 ms.
        long placeBidP99 = 120 + Math.max(0, from - 300_000) * 120 / 3_600_000;
        log.outputIntervalHistogram(tagged(latencies(40, placeBidP99), "PlaceBid", from, to));
        log.outputIntervalHistogram(tagged(latencies(10, 5_000), "PlaceBid-wire", from, to));
        log.outputIntervalHistogram(tagged(latencies(30, 90), "Login", from, to));
        from = to;
      }
      log.close();
    }
    Files.write(driver.resolve("intervals.jsonl"), intervals);
    samples(
        (t, time) ->
            List.of(
                heapAfterGc(t, time),
                row(
                    t,
                    time,
                    "web",
                    "instance-0-nginx",
                    "rssBytes",
                    30 * MIB + (t % 60 == 0 ? MIB : 0)),
                row(t, time, "db", "bid", "tableBytes", 8 * MIB + t * 4096.0)));
  }

  @Test
  void aGrowingSeriesLeaksAFlatOneDoesNotAndATableThatGrowsIsNotJudged() {
    SoakSummary soak = SoakAnalysis.of(spec, results, null);

    assertThat(soak.sampled()).isTrue();
    assertThat(soak.samples()).isEqualTo(262);
    assertThat(soak.steady()).isEqualTo(new SoakSummary.Span(300.0, 3_900.0));
    assertThat(soak.judged().fromSeconds()).isEqualTo(2_100.0);
    assertThat(soak.series())
        .extracting(SoakSummary.SeriesFinding::source, SoakSummary.SeriesFinding::verdict)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("bid", "not judged"),
            org.assertj.core.groups.Tuple.tuple("instance-0-app-0", "LEAK"),
            org.assertj.core.groups.Tuple.tuple("instance-0-nginx", "steady"));
    SoakSummary.SeriesFinding heap = soak.series().get(1);
    assertThat(heap.unit()).isEqualTo("bytes");
    // the steady hour's first and last samples, not the ramp's
    assertThat(heap.first()).isCloseTo(200 * MIB * (1 + 0.2 * 300 / 3600), offset(1.0));
    assertThat(heap.last()).isCloseTo(200 * MIB * (1 + 0.2 * 3900 / 3600), offset(1.0));
    assertThat(soak.leaks())
        .singleElement()
        .asString()
        .startsWith("instance-0 instance-0-app-0 heapAfterGcBytes: +")
        .endsWith("(+40.0 MiB/h)");
    assertThat(soak.series().get(0).growthPerHour()).isCloseTo(4096.0 * 3600, offset(1.0));
  }

  @Test
  void theP99OfTheLastTenMinutesIsComparedWithTheFirstTen() {
    SoakSummary.TargetDrift target = SoakAnalysis.of(spec, results, null).drift().targets().get(0);

    assertThat(target.early()).isEqualTo(new SoakSummary.Span(300.0, 900.0));
    assertThat(target.late()).isEqualTo(new SoakSummary.Span(3_300.0, 3_900.0));
    assertThat(target.operations())
        .extracting(SoakSummary.OperationDrift::operation, SoakSummary.OperationDrift::verdict)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("PlaceBid", "DRIFT"),
            org.assertj.core.groups.Tuple.tuple("Login", "steady"));
    SoakSummary.OperationDrift placeBid = target.operations().get(0);
    // 60 intervals of 100 operations in each span, the wire times left out; the p99 of each span
    // is the middle of its intervals' slowest values
    assertThat(placeBid.earlyCount()).isEqualTo(6_000);
    assertThat(placeBid.earlyP99Millis()).isBetween(127.0, 133.0);
    assertThat(placeBid.lateP99Millis()).isBetween(227.0, 233.0);
    assertThat(target.p99())
        .extracting(SoakSummary.OperationSeries::operation)
        .containsExactly("PlaceBid", "Login");
    assertThat(target.p99().get(0).points()).hasSizeBetween(25, 31);
    assertThat(SoakAnalysis.of(spec, results, null).drift().drifting())
        .singleElement()
        .asString()
        .startsWith("instance-0 PlaceBid: p99 1");
  }

  @Test
  void withoutSamplesTheNoteSaysWhyAndDriftIsStillJudged() throws IOException {
    Files.delete(results.resolve(ResourcesCsv.FILE));

    SoakSummary soak =
        SoakAnalysis.of(spec, results, "resources are sampled on the local target only");

    assertThat(soak.sampled()).isFalse();
    assertThat(soak.note()).isEqualTo("resources are sampled on the local target only");
    assertThat(soak.drift().drifting()).hasSize(1);
  }

  @Test
  void aHeapAfterGcThatGrowsWithoutOldCollectionsIsUndecidedNotALeak() throws IOException {
    // G1 ran its one concurrent cycle during the warm-up (remark and cleanup: 2), none after.
    heapAndOldCollections(t -> 2);

    SoakSummary soak = SoakAnalysis.of(spec, results, null);

    SoakSummary.SeriesFinding heap = heapFinding(soak);
    assertThat(heap.verdict()).isEqualTo("undecided");
    assertThat(heap.reason())
        .startsWith("+")
        .contains("collected not once in the judged half")
        .contains("tuning.app.heap");
    assertThat(heap.growthPercentPerHour()).isGreaterThan(10.0);
    assertThat(soak.leaks()).isEmpty();
  }

  @Test
  void oneOldCollectionInTheJudgedHalfIsNotEnough() throws IOException {
    heapAndOldCollections(t -> t < 3_000 ? 2 : 4);

    SoakSummary.SeriesFinding heap = heapFinding(SoakAnalysis.of(spec, results, null));

    assertThat(heap.verdict()).isEqualTo("undecided");
    assertThat(heap.reason()).contains("collected once in the judged half");
  }

  @Test
  void aHeapAfterGcThatGrowsAcrossOldCollectionsLeaks() throws IOException {
    // Cycles at 40 and 55 minutes: the judged half (from 35 minutes) saw two.
    heapAndOldCollections(t -> t < 2_400 ? 2 : t < 3_300 ? 4 : 6);

    SoakSummary soak = SoakAnalysis.of(spec, results, null);

    assertThat(heapFinding(soak).verdict()).isEqualTo("LEAK");
    assertThat(soak.leaks()).hasSize(1);
    assertThat(soak.series())
        .filteredOn(series -> series.metric().equals("oldCollections"))
        .singleElement()
        .extracting(SoakSummary.SeriesFinding::verdict)
        .isEqualTo("not judged");
  }

  /** The fixture's heap after GC, growing 20 %/h, with an old-collection count beside it. */
  private void heapAndOldCollections(java.util.function.IntUnaryOperator count) throws IOException {
    samples(
        (t, time) ->
            List.of(
                heapAfterGc(t, time),
                row(t, time, "app", "instance-0-app-0", "oldCollections", count.applyAsInt(t))));
  }

  /** resources.csv with the rows of a sample every 15 s from the load's start to 65:15. */
  private void samples(java.util.function.BiFunction<Integer, String, List<ResourceRow>> rowsAt)
      throws IOException {
    try (ResourcesCsv csv = ResourcesCsv.create(results.resolve(ResourcesCsv.FILE))) {
      for (int t = 0; t <= 3_915; t += 15) {
        csv.append(
            rowsAt.apply(t, Instant.parse("2026-11-25T15:00:00Z").plusSeconds(t).toString()));
      }
    }
  }

  /** An app server's heap after GC, growing 20 %/h from 200 MiB. */
  private static ResourceRow heapAfterGc(int t, String time) {
    return row(
        t, time, "app", "instance-0-app-0", "heapAfterGcBytes", 200 * MIB * (1 + 0.2 * t / 3600));
  }

  private static ResourceRow row(
      int t, String time, String tier, String source, String metric, double value) {
    return new ResourceRow(t, time, "instance-0", tier, source, metric, value);
  }

  private static SoakSummary.SeriesFinding heapFinding(SoakSummary soak) {
    return soak.series().stream()
        .filter(series -> series.metric().equals("heapAfterGcBytes"))
        .findFirst()
        .orElseThrow();
  }

  /** 100 operations: 98 at {@code typical} ms, 2 at {@code p99} ms. */
  private static Histogram latencies(long typical, long p99) {
    Histogram histogram = new Histogram(3);
    histogram.recordValueWithCount(typical * 1000, 98);
    histogram.recordValueWithCount(p99 * 1000, 2);
    return histogram;
  }

  private static Histogram tagged(Histogram histogram, String tag, long from, long to) {
    histogram.setTag(tag);
    histogram.setStartTimeStamp(START_WALL_MILLIS + from);
    histogram.setEndTimeStamp(START_WALL_MILLIS + to);
    return histogram;
  }
}
