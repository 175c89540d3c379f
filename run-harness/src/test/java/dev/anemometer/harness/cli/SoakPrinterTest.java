package dev.anemometer.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.soak.SoakSummary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SoakPrinterTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);

  @Test
  void everyTiersFiguresAtTheStartAndEndThenLeaksAndDriftLoudly() {
    SoakSummary soak =
        new SoakSummary(
            true,
            "from /proc",
            15.0,
            281,
            new SoakSummary.Span(540, 4140),
            new SoakSummary.Span(2340, 4140),
            List.of(
                finding(
                    "instance-0-app-0",
                    "heapAfterGcBytes",
                    "bytes",
                    200 << 20,
                    260 << 20,
                    18.2,
                    "LEAK"),
                finding("instance-0-nginx", "openFiles", "count", 112, 113, 0.4, "steady"),
                finding("bid", "tableBytes", "bytes", 8 << 20, 40 << 20, null, "not judged")),
            List.of("instance-0 instance-0-app-0 heapAfterGcBytes: +18.2 %/h (+40.0 MiB/h)"),
            new SoakSummary.Drift(
                "p99 of the first and last 600 s",
                List.of(
                    new SoakSummary.TargetDrift(
                        "instance-0",
                        new SoakSummary.Span(540, 1140),
                        new SoakSummary.Span(3540, 4140),
                        null,
                        List.of(
                            new SoakSummary.OperationDrift(
                                "PlaceBid",
                                30_000,
                                29_500,
                                120.0,
                                181.5,
                                51.0,
                                "DRIFT",
                                "p99 120.0 → 181.5 ms")),
                        List.of())),
                List.of("instance-0 PlaceBid: p99 120.0 → 181.5 ms")));

    SoakPrinter.print(console, soak);

    String out = bytes.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("soak: 281 samples every 15 s; leaks judged over 39:00–1:09:00");
    assertThat(out)
        .containsPattern(
            "instance-0-app-0 +heapAfterGcBytes +200.0 MiB +260.0 MiB +\\+18.2 % +LEAK");
    assertThat(out).containsPattern("instance-0-nginx +openFiles +112 +113 +\\+0.4 % +steady");
    assertThat(out).doesNotContain("tableBytes");
    assertThat(out).contains("LEAK: instance-0 instance-0-app-0 heapAfterGcBytes: +18.2 %/h");
    assertThat(out).doesNotContain("no leak").doesNotContain("no series judged");
    assertThat(out).contains("p99 drift, instance-0: 9:00–19:00 against 59:00–1:09:00 of the load");
    assertThat(out).containsPattern("PlaceBid +30000 / 29500 +120.0 ms +181.5 ms +\\+51 % +DRIFT");
    assertThat(out).contains("P99 DRIFT: instance-0 PlaceBid: p99 120.0 → 181.5 ms");
  }

  @Test
  void seriesTooShortToJudgeAreNotCountedAsJudged() {
    SoakPrinter.print(
        console,
        new SoakSummary(
            true,
            "",
            5.0,
            17,
            null,
            new SoakSummary.Span(46, 72),
            List.of(finding("instance-0-app-0", "threads", "count", 22, 23, null, "too short")),
            List.of(),
            null));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("soak: no series judged for leaks")
        .doesNotContain("no leak in");
  }

  @Test
  void anUndecidedHeapIsJudgedButNoLeakAndSaysWhy() {
    SoakSummary.SeriesFinding heap =
        finding("instance-0-app-0", "heapAfterGcBytes", "bytes", 190 << 20, 198 << 20, 10.9, "");
    SoakPrinter.print(
        console,
        new SoakSummary(
            true,
            "",
            15.0,
            281,
            null,
            new SoakSummary.Span(2340, 4140),
            List.of(
                new SoakSummary.SeriesFinding(
                    heap.instance(),
                    heap.tier(),
                    heap.source(),
                    heap.metric(),
                    heap.unit(),
                    heap.samples(),
                    heap.first(),
                    heap.last(),
                    heap.min(),
                    heap.max(),
                    null,
                    10.9,
                    "undecided",
                    "+10.9 %/h, but the old generation was collected not once in the judged half")),
            List.of(),
            null));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("soak: no leak in 1 judged series")
        .contains(
            "soak: instance-0 instance-0-app-0 heapAfterGcBytes undecided: +10.9 %/h, but the old"
                + " generation was collected not once")
        .doesNotContain("LEAK:");
  }

  @Test
  void withoutASamplerItSaysWhy() {
    SoakPrinter.print(
        console,
        SoakSummary.unavailable(
            "resources are sampled on the local target only (for now), not on compose"));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("soak: resources not sampled: resources are sampled on the local target only");
  }

  private static SoakSummary.SeriesFinding finding(
      String source,
      String metric,
      String unit,
      double first,
      double last,
      Double percent,
      String verdict) {
    return new SoakSummary.SeriesFinding(
        "instance-0",
        "app",
        source,
        metric,
        unit,
        281,
        first,
        last,
        first,
        last,
        null,
        percent,
        verdict,
        "");
  }
}
