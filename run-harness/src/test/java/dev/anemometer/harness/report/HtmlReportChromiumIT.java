package dev.anemometer.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the recorded runs' reports and the comparison and opens them in headless Chromium: no
 * script error, every chart drawn with data, screenshots under target/ for a human to look at.
 */
class HtmlReportChromiumIT {

  @TempDir Path temp;
  private Chromium chromium;

  @BeforeEach
  void needsChromium() {
    chromium = Chromium.find().orElse(null);
    Assumptions.assumeTrue(
        chromium != null, "skipped: no chromium found (set CHROMIUM or install Debian's chromium)");
  }

  @Test
  void fixedRunReportDrawsEveryChartWithoutScriptErrors() throws Exception {
    Path report = HtmlReport.write(RecordedRuns.copy(RecordedRuns.FIXED, temp));

    String dom = chromium.dumpDom(report, temp.resolve("profile"));

    assertThat(dom).contains("data-ready=\"ok\"");
    assertThat(seriesPoints(dom, "users", "users")).isEqualTo(30);
    assertThat(seriesPoints(dom, "throughput", "all operations")).isEqualTo(30);
    assertThat(seriesPoints(dom, "latency", "p99")).isEqualTo(30);
    // one judged window: its table row says it all, a one-point chart would not
    assertThat(dom).doesNotContain("data-chart=\"probes\"").contains("<td>1:40</td><td>5:00</td>");
    assertThat(count(dom, "class=\"band\"")).isEqualTo(30);
    assertThat(dom).contains("Faults and recovery").contains("<td class=\"num\">20.0 s</td>");
    // one line per change at its first step, not one per step
    assertThat(count(dom, "class=\"annotation\"")).isEqualTo(3 * 2);
    assertThat(dom)
        .contains(">app 2→3 (schedule): took 12.5 s<")
        .contains(">kill app #1: took 0.1 s<");
    assertThat(dom).contains("PlaceBid: p99").contains("driver CPU 93 %");
    assertThat(dom).contains("shared_buffers = 256MB");
    // relative links into the folder, the report itself left out
    assertThat(dom)
        .contains("<a href=\"./tuning/postgresql.conf\">tuning/postgresql.conf</a>")
        .contains("href=\"./driver/intervals.jsonl\"")
        .doesNotContain("href=\"./report.html\"");
    // The audit note holds a script tag: shown as text, never run.
    assertThat(dom).contains("&lt;script&gt;alert('x')&lt;/script&gt;");
    HtmlTables.assertHeadersAlignedWithTheirCells(dom);
    assertThat(HtmlTables.rows(dom, "instances"))
        .containsExactly(
            Map.of(
                "Instance", "instance-0",
                "Users", "300",
                "Max users", "1,000",
                "QoS", "pass",
                "Entry", "http://127.0.0.1:41801",
                "Database", "jdbc:postgresql://127.0.0.1:5432/anemometer"));
    chromium.screenshot(report, temp.resolve("profile"), screenshot("report-screenshot.png"));
    assertThat(Files.size(screenshot("report-screenshot.png"))).isGreaterThan(20_000);
  }

  @Test
  void findMaxReportShowsTheProbeSequence() throws Exception {
    Path report = HtmlReport.write(RecordedRuns.copy(RecordedRuns.FIND_MAX, temp));

    String dom = chromium.dumpDom(report, temp.resolve("profile"));

    assertThat(dom).contains("data-ready=\"ok\"").contains("findMax probe sequence");
    assertThat(seriesPoints(dom, "probes", "users per window (green pass, red fail)")).isEqualTo(5);
    assertThat(seriesPoints(dom, "probes", "peak found: 420 users")).isEqualTo(2);
    assertThat(seriesPoints(dom, "users", "users")).isEqualTo(30);
    HtmlTables.assertHeadersAlignedWithTheirCells(dom);
    chromium.screenshot(
        report, temp.resolve("profile"), screenshot("report-findmax-screenshot.png"));
  }

  @Test
  void aRunInterruptedBeforeTheDriverWroteAnythingStillRenders() throws Exception {
    Path run = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    try (var files = Files.walk(run.resolve("driver"))) {
      for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
    Files.writeString(
        run.resolve("summary.json"),
        "{\"name\":\"cut\",\"strategy\":\"fixed\",\"outcome\":\"INTERRUPTED\",\"exitCode\":3,"
            + "\"durationSeconds\":93,\"instances\":[{\"index\":0,\"users\":60,\"maxUsers\":300,"
            + "\"entryUrls\":[]}],\"message\":\"interrupted (Ctrl-C or a signal)\"}");

    String dom = chromium.dumpDom(HtmlReport.write(run), temp.resolve("profile"));

    assertThat(dom).contains("data-ready=\"ok\"").contains(">INTERRUPTED<");
    assertThat(dom)
        .contains("The driver wrote no interval.")
        .doesNotContain("data-chart=\"users\"");
    HtmlTables.assertHeadersAlignedWithTheirCells(dom);
  }

  @Test
  void comparisonOverlaysTheRunsWithoutScriptErrors() throws Exception {
    Path fixed = RecordedRuns.copy(RecordedRuns.FIXED, temp);
    Path findMax = RecordedRuns.copy(RecordedRuns.FIND_MAX, temp);
    Path page =
        CompareReport.write(
            Comparison.of(java.util.List.of(fixed, findMax)),
            java.util.List.of(fixed, findMax),
            temp.resolve("compare.html"));

    String dom = chromium.dumpDom(page, temp.resolve("profile"));

    assertThat(dom).contains("data-ready=\"ok\"");
    for (String chart : new String[] {"users", "throughput", "latency"}) {
      assertThat(seriesPoints(dom, chart, RecordedRuns.FIXED)).isEqualTo(30);
      assertThat(seriesPoints(dom, chart, RecordedRuns.FIND_MAX)).isEqualTo(30);
    }
    assertThat(dom).contains("class=\"num worse\"").contains("class=\"num better\"");
    HtmlTables.assertHeadersAlignedWithTheirCells(dom);
    chromium.screenshot(page, temp.resolve("profile"), screenshot("compare-screenshot.png"));
  }

  /** The number of points of one series of one chart, from the path's data-points attribute. */
  private static int seriesPoints(String dom, String chart, String series) {
    Matcher charts =
        Pattern.compile("data-chart=\"" + chart + "\"(.*?)</svg>", Pattern.DOTALL).matcher(dom);
    assertThat(charts.find()).as("chart " + chart).isTrue();
    Matcher path =
        Pattern.compile(
                "<path[^>]*data-series=\"" + Pattern.quote(series) + "\" data-points=\"(\\d+)\"")
            .matcher(charts.group(1));
    assertThat(path.find()).as("series " + series + " of " + chart).isTrue();
    return Integer.parseInt(path.group(1));
  }

  private static int count(String text, String needle) {
    return text.split(Pattern.quote(needle), -1).length - 1;
  }

  private static Path screenshot(String name) throws Exception {
    Path dir = Path.of("target");
    Files.createDirectories(dir);
    return dir.resolve(name);
  }
}
