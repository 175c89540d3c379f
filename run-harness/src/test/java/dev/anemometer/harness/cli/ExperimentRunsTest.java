package dev.anemometer.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.run.experiment.ExperimentDesign;
import dev.anemometer.harness.run.experiment.ExperimentFlags;
import dev.anemometer.harness.run.experiment.ExperimentMetric;
import dev.anemometer.harness.run.experiment.ExperimentRunner;
import dev.anemometer.harness.run.experiment.StopRule;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ExperimentRunsTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
  private final Clock clock = Clock.fixed(Instant.parse("2026-11-25T07:59:00Z"), ZoneOffset.UTC);

  @TempDir Path results;

  @Test
  void peakVariantsRunInTheirRecordedOrderEachSearchHintedByItsPreviousPeak() throws Exception {
    List<ExperimentRunner.Variant> variants =
        variants("findMax", "two-apps: appInstances[0].tiers.app.instances=2");
    SimulatedStack stack =
        new SimulatedStack("findMax", Map.of("base", 1000.0, "two-apps", 1200.0), -0.02);

    int exit =
        run(variants, ExperimentMetric.parse("peak", Strategy.FIND_MAX), StopRule.rounds(3), stack);

    assertThat(exit).isZero();
    Path folder = results.resolve("20261125-075900-exp-experiment");
    JsonNode experiment = read(folder);
    JsonNode rounds = experiment.path("rounds");
    assertThat(rounds).hasSize(3);
    ExperimentDesign design = new ExperimentDesign(List.of("base", "two-apps"), 11);
    for (int r = 0; r < 3; r++) {
      JsonNode round = rounds.get(r);
      assertThat(texts(round.path("order"))).isEqualTo(design.orderOf(r + 1));
      for (JsonNode run : round.path("runs")) {
        assertThat(folder.resolve(run.path("directory").asString())).isDirectory();
      }
      double base = value(round, "base");
      double change = value(round, "two-apps");
      assertThat(round.path("ratios").path("two-apps").asDouble())
          .isCloseTo(change / base, within(1e-9));
      assertThat(round.path("paceMicrosPerUserSecond").asDouble()).isGreaterThan(200);
    }
    // The runs in the order they ran: each variant's second search starts from its first peak.
    List<String> ran = stack.configs.stream().map(AnemometerConfig::name).toList();
    assertThat(ran.subList(0, 2))
        .containsExactlyElementsOf(design.orderOf(1).stream().map(v -> "exp-" + v).toList());
    assertThat(stack.configs.subList(0, 2))
        .allSatisfy(c -> assertThat(c.findMax().maxPassHint()).isNull());
    for (String variant : List.of("base", "two-apps")) {
      assertThat(hint(rounds.get(1), variant))
          .isEqualTo(String.valueOf((int) value(rounds.get(0), variant)));
    }
    JsonNode comparison = experiment.path("comparisons").get(0);
    assertThat(comparison.path("ratio").asDouble()).isCloseTo(1.2, within(0.03));
    assertThat(comparison.path("differs").asBoolean()).isTrue();
    assertThat(comparison.path("verdict").asString())
        .startsWith("two-apps: +")
        .contains("% peak users, better (95 % CI +");
    assertThat(experiment.path("method").asString())
        .startsWith("Student's t on the per-round log ratios");
    assertThat(experiment.path("aa").asBoolean()).isFalse();
    assertThat(experiment.path("stopReason").asString()).isEqualTo("3 rounds run");
    assertThat(experiment.has("alsoMeasured")).as("nothing beside the peak").isFalse();
    assertThat(Files.readString(folder.resolve("report.html"))).contains("\"kind\":\"experiment\"");
    assertThat(output())
        .contains("round 1, run 1 of 2")
        .contains("interval: Student's t on the per-round log ratios")
        .contains("two-apps/base")
        .contains(comparison.path("verdict").asString());
  }

  @Test
  void theRatioChartHasATickAtNoDifference() throws Exception {
    var chromium = dev.anemometer.harness.report.Chromium.find();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        chromium.isPresent(),
        "skipped: no chromium found (set CHROMIUM or install Debian's chromium)");
    Path folder = biggerPoolExperiment();

    String dom = chromium.get().dumpDom(folder.resolve("report.html"), results.resolve("profile"));

    String ratioChart = dom.substring(dom.indexOf("data-chart=\"ratio-bigger-pool\""));
    assertThat(ratioChart).contains("class=\"tick\">0 %</text>");
  }

  /** Two rounds of a fixed-load experiment whose variant is 4 % faster; its folder. */
  private Path biggerPoolExperiment() throws Exception {
    run(
        variants("fixed", "bigger-pool: appInstances[0].tuning.app.hikariPoolSize=30"),
        ExperimentMetric.parse(null, Strategy.FIXED),
        StopRule.rounds(2),
        new SimulatedStack("fixed", Map.of("base", 500.0, "bigger-pool", 520.0), 0));
    return results.resolve("20261125-075900-exp-experiment");
  }

  @Test
  void theReportCommandWritesAnExperimentsPageAgain() throws Exception {
    Path folder = biggerPoolExperiment();
    Files.delete(folder.resolve("report.html"));

    assertThat(AnemometerCli.execute("report", folder.toString())).isZero();

    assertThat(Files.readString(folder.resolve("report.html")))
        .contains("Anemometer experiment exp")
        .contains("\"kind\":\"experiment\"")
        .contains("bigger-pool: +4.0 % throughput (ops/s), better");
  }

  @Test
  void anAaExperimentFindsNoDifferenceAndSaysWhatTheMachineCanShow() throws Exception {
    List<ExperimentRunner.Variant> variants =
        ExperimentFlags.variants(List.of(), common("fixed"), List.of(), true, new ConfigLoader());
    // The machine slows 3 % per run: the rounds' ratios are 1.03 or 1/1.03 by their order alone.
    SimulatedStack stack =
        new SimulatedStack("fixed", Map.of("base", 500.0, "base-again", 500.0), -0.03);

    run(variants, ExperimentMetric.parse(null, Strategy.FIXED), StopRule.rounds(6), stack);

    JsonNode experiment = read(results.resolve("20261125-075900-exp-experiment"));
    assertThat(experiment.path("aa").asBoolean()).isTrue();
    assertThat(experiment.path("metric").asString()).isEqualTo("throughput (ops/s)");
    JsonNode comparison = experiment.path("comparisons").get(0);
    assertThat(comparison.path("differs").asBoolean()).isFalse();
    assertThat(comparison.path("verdict").asString())
        .startsWith("base-again: no difference detected (95 % CI −");
    assertThat(experiment.path("machine").asString())
        .startsWith("A/A: no difference, as it must be; the interval's half-width, ±")
        .endsWith("is the smallest difference this machine can show in that time");
  }

  @Test
  void aRoundWhoseRunBrokeOffGivesNoRatioAndAnotherRoundTakesItsPlace() throws Exception {
    List<ExperimentRunner.Variant> variants =
        variants("fixed", "bigger-pool: appInstances[0].tuning.app.hikariPoolSize=30");
    SimulatedStack stack =
        new SimulatedStack("fixed", Map.of("base", 500.0, "bigger-pool", 520.0), 0).breaking(3);

    int exit =
        run(
            variants,
            ExperimentMetric.parse("p99:PlaceBid", Strategy.FIXED),
            StopRule.rounds(3),
            stack);

    assertThat(exit).isEqualTo(3);
    JsonNode experiment = read(results.resolve("20261125-075900-exp-experiment"));
    assertThat(experiment.path("metric").asString()).isEqualTo("p99 PlaceBid (ms)");
    assertThat(experiment.path("rounds").get(0).path("runs").get(0).path("value").asDouble())
        .isEqualTo(50.0);
    assertThat(experiment.path("rounds")).hasSize(4);
    assertThat(experiment.path("rounds").get(1).path("ratios").isEmpty()).isTrue();
    assertThat(experiment.path("comparisons").get(0).path("rounds").asInt()).isEqualTo(3);
    assertThat(experiment.path("stopReason").asString()).isEqualTo("3 rounds run");
  }

  @Test
  void theOtherFixedLoadMetricsAreComparedOverTheSameRoundsWithoutDecidingTheStop()
      throws Exception {
    List<ExperimentRunner.Variant> variants =
        variants("fixed", "bigger-pool: appInstances[0].tuning.app.hikariPoolSize=30");
    SimulatedStack stack =
        new SimulatedStack("fixed", Map.of("base", 500.0, "bigger-pool", 520.0), 0);

    // The p99 is the same for both, so the detection rule settles at its first look (round 3),
    // whatever the throughput beside it shows.
    run(
        variants,
        ExperimentMetric.parse("p99:PlaceBid", Strategy.FIXED),
        new StopRule(null, 5.0, 10),
        stack);

    JsonNode experiment = read(results.resolve("20261125-075900-exp-experiment"));
    assertThat(experiment.path("rounds")).hasSize(3);
    assertThat(experiment.path("stopReason").asString()).startsWith("settled against ±5 %");
    JsonNode run = experiment.path("rounds").get(0).path("runs").get(0);
    assertThat(run.path("also").propertyNames()).containsExactly("throughput", "cpu");
    JsonNode also = experiment.path("alsoMeasured");
    assertThat(also).hasSize(2);
    assertThat(also.get(0).path("metricKey").asString()).isEqualTo("throughput");
    assertThat(also.get(0).path("comparisons").get(0).path("verdict").asString())
        .isEqualTo("bigger-pool: +4.0 % throughput (ops/s), better (interval +4.0 … +4.0 %)");
    assertThat(also.get(1).path("metricKey").asString()).isEqualTo("cpu");
    assertThat(also.get(1).path("comparisons").get(0).path("verdict").asString())
        .isEqualTo("bigger-pool: no difference seen (interval +0.0 … +0.0 %)");
    assertThat(experiment.path("comparisons").get(0).path("verdict").asString())
        .startsWith("bigger-pool: no difference detected");
    assertThat(output())
        .contains("also measured in the same runs (a second look; they did not decide the stop):")
        .contains("  throughput (ops/s)\n")
        .contains("    bigger-pool: +4.0 % throughput (ops/s), better (interval");
  }

  @Test
  void twoRoundsInARowWithoutARatioEndTheExperiment() throws Exception {
    List<ExperimentRunner.Variant> variants =
        variants("fixed", "bigger-pool: appInstances[0].tuning.app.hikariPoolSize=30");
    SimulatedStack stack =
        new SimulatedStack("fixed", Map.of("base", 500.0, "bigger-pool", 520.0), 0)
            .breaking(3)
            .breaking(6);

    int exit =
        run(variants, ExperimentMetric.parse(null, Strategy.FIXED), StopRule.rounds(6), stack);

    assertThat(exit).isEqualTo(3);
    JsonNode experiment = read(results.resolve("20261125-075900-exp-experiment"));
    assertThat(experiment.path("rounds")).hasSize(3);
    assertThat(experiment.path("stopReason").asString())
        .startsWith("2 rounds in a row without a ratio for every variant");
  }

  @Test
  void aHalfWidthTargetStopsTheExperimentOnceReached() throws Exception {
    List<ExperimentRunner.Variant> variants =
        variants("fixed", "bigger-pool: appInstances[0].tuning.app.hikariPoolSize=30");
    SimulatedStack stack =
        new SimulatedStack("fixed", Map.of("base", 500.0, "bigger-pool", 520.0), 0);

    run(variants, ExperimentMetric.parse(null, Strategy.FIXED), new StopRule(2.0, null, 10), stack);

    JsonNode experiment = read(results.resolve("20261125-075900-exp-experiment"));
    assertThat(experiment.path("rounds")).hasSize(3);
    assertThat(experiment.path("stopReason").asString())
        .isEqualTo("every interval within ±2 % after 3 rounds");
    assertThat(experiment.path("comparisons").get(0).path("verdict").asString())
        .isEqualTo("bigger-pool: +4.0 % throughput (ops/s), better (95 % CI +4.0 … +4.0 %)");
  }

  private int run(
      List<ExperimentRunner.Variant> variants,
      ExperimentMetric metric,
      StopRule rule,
      SimulatedStack stack)
      throws InterruptedException {
    return new ExperimentRuns(console, clock)
        .run("exp", variants, metric, rule, 11, results, stack);
  }

  private static List<ExperimentRunner.Variant> variants(String strategy, String variant) {
    return ExperimentFlags.variants(
        List.of(), common(strategy), List.of(variant), false, new ConfigLoader());
  }

  private static ExperimentFlags.Common common(String strategy) {
    return new ExperimentFlags.Common(null, List.of("strategy=" + strategy, "name=exp"));
  }

  private static JsonNode read(Path folder) throws Exception {
    return Json.pretty().readTree(Files.readString(folder.resolve("experiment.json")));
  }

  private static List<String> texts(JsonNode array) {
    return array.valueStream().map(JsonNode::asString).toList();
  }

  private static JsonNode runOf(JsonNode round, String variant) {
    return round
        .path("runs")
        .valueStream()
        .filter(run -> run.path("variant").asString().equals(variant))
        .findFirst()
        .orElseThrow();
  }

  private static double value(JsonNode round, String variant) {
    return runOf(round, variant).path("value").asDouble();
  }

  private static String hint(JsonNode round, String variant) {
    return runOf(round, variant).path("hint").asString();
  }

  private String output() {
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
