package dev.anemometer.driver.output;

import static dev.anemometer.driver.operation.OperationType.GET_AUCTION_DETAIL;
import static dev.anemometer.driver.operation.OperationType.LOGIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.run.WindowResult;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class OutputDirectoryTest {

  private static final long SECOND = 1_000_000_000L;
  private final AtomicLong clock = new AtomicLong(SECOND);
  private final List<RecordingPopulation> populations = new ArrayList<>();

  @TempDir Path directory;

  private void runWith(List<dev.anemometer.driver.run.RunListener> listeners) {
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 0, 100, 4, 1);
    var path =
        new FixedLoadPathSpec(
            4, Duration.ZERO, Duration.ZERO, 2, Duration.ofSeconds(2), Duration.ZERO);
    var spec =
        new RunSpec(
            "output",
            List.of(new TargetSpec("app0", users, path)),
            QosSpec.weathervaneDefaults().withoutMix(),
            HealthThresholds.DEFAULTS,
            Duration.ofSeconds(2),
            Duration.ofSeconds(1));
    HealthSource health = () -> DriverHealth.NONE;
    var generator =
        new LocalLoadGenerator(
            FakeHttpClient::new,
            (config, client, recorder, bids, time) -> {
              var population = new RecordingPopulation(config, recorder, bids);
              populations.add(population);
              return population;
            },
            client -> health,
            clock::get);
    DriverRun run = new DriverRun(spec, generator, clock::get);
    listeners.forEach(run::addListener);
    run.begin();
    populations.get(0).acknowledgedBids.acknowledged(77, 1200, 9, 2_105, "ACCEPTED_HIGH");
    populations.get(0).acknowledgedBids.acknowledged(78, 1200, -1, 5, "OUTBID");
    while (!run.allFinished()) {
      clock.addAndGet(SECOND);
      populations.get(0).eachUserRecords(LOGIN, clock.get(), 150_000);
      populations.get(0).eachUserRecords(GET_AUCTION_DETAIL, clock.get(), 2_500_000);
      populations.get(0).record(LOGIN, clock.get(), 1_000, "status 500");
      run.tick();
    }
    run.finish();
  }

  @Test
  void writesIntervalsWindowsHistogramLogsAndASummary() throws Exception {
    runWith(List.of(new OutputDirectory(directory, () -> 1_700_000_000_000L)));

    JsonNode summary =
        JsonMapper.builder().build().readTree(directory.resolve("summary.json").toFile());
    assertThat(summary.get("passed").asBoolean()).isFalse();
    JsonNode target = summary.get("targets").get(0);
    assertThat(target.get("windows")).hasSize(2);
    JsonNode login = target.get("operations").get(0);
    assertThat(login.get("operation").asString()).isEqualTo("Login");
    assertThat(login.get("count").asLong()).isEqualTo(4 * 4 + 4);
    assertThat(login.get("failuresByReason").get("status 500").asLong()).isEqualTo(4);
    assertThat(login.get("p99Millis").asDouble()).isBetween(149.9, 150.1);
    assertThat(login.get("rules")).hasSize(2);
    JsonNode detail = target.get("operations").get(1);
    assertThat(detail.get("rules").get(0).get("message").asString())
        .isEqualTo("GetAuctionDetail p99 2.5 s > 2 s (0 % within)");

    List<String> csv = Files.readAllLines(directory.resolve("intervals.csv"));
    assertThat(csv.get(0)).startsWith("target,from_s,to_s,users");
    assertThat(csv).hasSize(1 + 2 * 2);
    List<IntervalLine> intervals = DriverFiles.intervals(directory);
    assertThat(intervals).hasSize(2);
    assertThat(intervals.get(0).target()).isEqualTo("app0");
    assertThat(intervals.get(0).users()).isEqualTo(4);
    assertThat(intervals.get(1).operations())
        .extracting(OperationSummary::operation)
        .contains("Login", "GetAuctionDetail");
    assertThat(Files.readAllLines(directory.resolve("windows.jsonl"))).hasSize(2);
    assertThat(Files.readAllLines(directory.resolve("acknowledged-bids.csv")))
        .containsExactly(
            "target,bid_id,item_id,bidder_id,amount,outcome",
            "app0,77,1200,9,21.05,ACCEPTED_HIGH",
            "app0,78,1200,-1,0.05,OUTBID");

    var reader = new HistogramLogReader(directory.resolve("histograms-app0.hlog").toFile());
    long loginCount = 0;
    for (EncodableHistogram h = reader.nextIntervalHistogram();
        h != null;
        h = reader.nextIntervalHistogram()) {
      if ("Login".equals(h.getTag())) {
        loginCount += ((org.HdrHistogram.Histogram) h).getTotalCount();
      }
    }
    assertThat(loginCount).isEqualTo(16);
  }

  @Test
  void aWindowRecordsHowBusyTheMachineWasWhereItWasMeasured() throws Exception {
    QosVerdict passed = new QosVerdict(true, List.of(), List.of());
    IntervalStats none = IntervalStats.empty(0, 0);
    try (OutputDirectory output = new OutputDirectory(directory, () -> 1_700_000_000_000L)) {
      output.onWindow(new WindowResult("app0", 8, 0, 60_000, 3_439, none, passed, 87.94));
      output.onWindow(
          new WindowResult("app0", 9, 60_000, 120_000, 3_524, none, passed, Double.NaN));
    }

    List<String> lines = Files.readAllLines(directory.resolve("windows.jsonl"));
    assertThat(lines.get(0)).contains("\"machineBusyPercent\":87.9");
    assertThat(lines.get(1)).doesNotContain("machineBusyPercent");
  }

  @Test
  void consolePrintsPlainLinesWhenNotATerminal() {
    var bytes = new ByteArrayOutputStream();
    runWith(
        List.of(new ConsoleStatus(new PrintStream(bytes, true, StandardCharsets.UTF_8), false)));

    String text = bytes.toString(StandardCharsets.UTF_8);
    assertThat(text).doesNotContain("\r");
    assertThat(text.lines())
        .anySatisfy(line -> assertThat(line).startsWith("app0    2s QOS       users 4  ops/s 9.0"))
        .anySatisfy(line -> assertThat(line).contains("window 1 (0s-2s, 4 users): FAIL"))
        .anySatisfy(line -> assertThat(line).isEqualTo("run output: FAIL"));
  }

  @Test
  void consoleRewritesOneLineOnATerminal() {
    var bytes = new ByteArrayOutputStream();
    runWith(List.of(new ConsoleStatus(new PrintStream(bytes, true, StandardCharsets.UTF_8), true)));

    assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("\rapp0    2s QOS");
  }
}
