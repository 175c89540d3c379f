package dev.anemometer.harness.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.deploy.local.Executables;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.report.Chromium;
import dev.anemometer.harness.support.ProjectJars;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The soak preset shortened to 80 s of load at 40 users on the local stack (nginx → HAProxy → two
 * app servers → PostgreSQL): the sampler writes the series of every tier, summary.json judges them
 * and the p99 drift, and the report draws a chart of each.
 */
@Tag("long")
class SoakIT {

  @TempDir Path results;

  @BeforeAll
  static void requireTheStack() {
    assumeThat(ProjectJars.appJar()).as("auction-app exec jar (./mvnw package)").isPresent();
    assumeThat(Executables.find("nginx")).as("nginx").isPresent();
    assumeThat(Executables.find("haproxy")).as("haproxy").isPresent();
    System.setProperty("anemometer.root", ProjectJars.PROJECT.toString());
  }

  @Test
  void aShortSoakSamplesEveryTierJudgesItAndChartsIt() throws Exception {
    // The console as a user sees it, still shown as the run goes.
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(
        new PrintStream(new TeeOutputStream(original, console), true, StandardCharsets.UTF_8));
    int exit;
    try {
      exit = run();
    } finally {
      System.setOut(original);
    }

    // A QoS verdict of so short a run is no concern of this test; the run itself must hold.
    assertThat(exit).isIn(0, 1);
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("soak: sampling every tier's resources every 5 s into resources.csv")
        .containsPattern("instance-0 +app +instance-0-app-0 +heapAfterGcBytes +[0-9.]+ MiB")
        .contains("p99 drift, instance-0: ");
    checkTheResults();
  }

  private int run() {
    return AnemometerCli.execute(
        "run",
        "--results",
        results.toString(),
        "--preset",
        "soak",
        "--set",
        "name=soak-it",
        "--set",
        "appInstances[0].users=40",
        "--set",
        "appInstances[0].maxUsers=120",
        "--set",
        "appInstances[0].tuning.app.heap=320m",
        "--set",
        "qos={rampUp: 10s, warmUp: 15s, interval: 25s, qosPeriods: 2, rampDown: 5s}",
        "--set",
        "soak={every: 5s, leakMinSpan: 10s, driftSpan: 15s}");
  }

  private void checkTheResults() throws Exception {
    Path run = onlyRunFolder();
    List<String[]> rows =
        Files.readAllLines(run.resolve("resources.csv")).stream()
            .skip(1)
            .map(line -> line.split(","))
            .toList();
    assertThat(rows.stream().map(r -> r[1]).distinct().count())
        .as("samples every 5 s over 80 s of load")
        .isGreaterThanOrEqualTo(14);
    Set<String> series =
        rows.stream().map(r -> r[3] + " " + r[4] + " " + r[5]).collect(Collectors.toSet());
    assertThat(series)
        .contains(
            "db instance-0-postgres rssBytes",
            "db instance-0-postgres pssBytes",
            "db instance-0-postgres anonBytes",
            "db instance-0-postgres openFiles",
            "db database connections",
            "db database databaseBytes",
            "db bid tableBytes",
            "db auction tableBytes",
            "app instance-0-app-0 rssBytes",
            "app instance-0-app-1 openFiles",
            "app instance-0-app-0 heapAfterGcBytes",
            "app instance-0-app-1 heapAfterGcBytes",
            "app instance-0-app-1 threads",
            "lb instance-0-haproxy-0 rssBytes",
            "lb instance-0-haproxy-0 openFiles",
            "web instance-0-nginx-0 rssBytes",
            "web instance-0-nginx-0 openFiles");
    // nginx with its workers, PostgreSQL with its backends, the app servers' pools connected
    assertThat(last(rows, "instance-0-nginx-0", "processes")).isGreaterThanOrEqualTo(2);
    assertThat(last(rows, "instance-0-postgres", "processes")).isGreaterThan(5);
    assertThat(last(rows, "database", "connections")).isGreaterThanOrEqualTo(2);
    assertThat(last(rows, "instance-0-app-0", "heapUsedBytes")).isGreaterThan(1 << 20);
    // The old generation's share after the latest collection: 0 until a young collection has
    // promoted something, which a short light run may not see (G1, 384 MiB heap).
    assertThat(last(rows, "instance-0-app-0", "heapAfterGcBytes")).isNotNegative();

    JsonNode soak =
        Json.pretty().readTree(Files.readString(run.resolve("summary.json"))).path("soak");
    assertThat(soak.path("sampled").asBoolean()).isTrue();
    assertThat(soak.path("series").size()).isEqualTo(series.size());
    for (JsonNode finding : soak.path("series")) {
      assertThat(finding.path("verdict").asString())
          .isIn("LEAK", "steady", "undecided", "too short", "not judged");
    }
    JsonNode target = soak.path("drift").path("targets").get(0);
    assertThat(target.path("operations").size()).isGreaterThan(5);
    assertThat(target.path("p99").size()).isGreaterThan(5);

    Optional<Chromium> chromium = Chromium.find();
    assumeThat(chromium).as("chromium, to see the report's charts drawn").isPresent();
    String dom = chromium.get().dumpDom(run.resolve("report.html"), results.resolve("profile"));
    assertThat(dom).contains("data-ready=\"ok\"").contains("Soak: resources, leaks and p99 drift");
    for (String chart :
        List.of(
            "soak-rssBytes",
            "soak-pssBytes",
            "soak-anonBytes",
            "soak-heapAfterGcBytes",
            "soak-openFiles",
            "soak-connections",
            "soak-tableBytes",
            "soak-p99")) {
      assertThat(drawnSeries(dom, chart)).as(chart).isNotEmpty().allMatch(points -> points > 1);
    }
    assertThat(drawnSeries(dom, "soak-rssBytes")).as("one line per tier process").hasSize(5);
  }

  /** Writes to two streams, so a test reads what the console showed. */
  private static final class TeeOutputStream extends OutputStream {
    private final OutputStream first;
    private final OutputStream second;

    TeeOutputStream(OutputStream first, OutputStream second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public void write(int b) throws IOException {
      first.write(b);
      second.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      first.write(bytes, offset, length);
      second.write(bytes, offset, length);
    }

    @Override
    public void flush() throws IOException {
      first.flush();
      second.flush();
    }
  }

  private static double last(List<String[]> rows, String source, String metric) {
    return rows.stream()
        .filter(r -> r[4].equals(source) && r[5].equals(metric))
        .reduce((a, b) -> b)
        .map(r -> Double.parseDouble(r[6]))
        .orElseThrow(() -> new AssertionError("no " + metric + " of " + source));
  }

  /** The number of points of each line the chart drew. */
  private static List<Integer> drawnSeries(String dom, String chart) {
    Matcher box =
        Pattern.compile("data-chart=\"" + chart + "\"(.*?)</svg>", Pattern.DOTALL).matcher(dom);
    assertThat(box.find()).as("chart " + chart).isTrue();
    Matcher paths = Pattern.compile("<path[^>]*data-points=\"(\\d+)\"").matcher(box.group(1));
    List<Integer> points = new ArrayList<>();
    while (paths.find()) {
      points.add(Integer.parseInt(paths.group(1)));
    }
    return points;
  }

  private Path onlyRunFolder() throws Exception {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory)
          .filter(dir -> Files.exists(dir.resolve("summary.json")))
          .findFirst()
          .orElseThrow();
    }
  }
}
