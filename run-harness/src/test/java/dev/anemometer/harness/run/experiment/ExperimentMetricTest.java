package dev.anemometer.harness.run.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.harness.config.Strategy;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.platform.PeakWindows;
import dev.anemometer.harness.results.RunSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExperimentMetricTest {

  @Test
  void theStacksCpuCountsItsFourTiersAndNotTheDriverOrTheRestOfTheMachine() {
    // 1,000 users for 100 s; db 10 s, app 40 s, lb 5 s, web 5 s: 600 µs per user-second.
    CpuSummary cpu =
        PeakWindows.atThousandUsersFor100Seconds(
            PeakWindows.tier("db", 10),
            PeakWindows.tier("app", 40),
            PeakWindows.tier("lb", 5),
            PeakWindows.tier("web", 5),
            PeakWindows.tier("harness", 30),
            PeakWindows.tier("other", 7),
            PeakWindows.tier("total", 97));
    RunSummary summary = summary("PASSED", null, cpu);

    assertThat(ExperimentMetric.parse("cpu", Strategy.FIXED).valueOf(summary))
        .isCloseTo(600, within(1e-9));
  }

  @Test
  void theP99IsTheWorstInstancesOfTheOperation() {
    Map<String, Object> load =
        Map.of(
            "targets",
            List.of(
                Map.of("operations", List.of(op("PlaceBid", 40.0), op("HomePage", 90.0))),
                Map.of("operations", List.of(op("PlaceBid", 55.0)))));

    assertThat(
            ExperimentMetric.parse("p99:PlaceBid", Strategy.FIXED)
                .valueOf(summary("PASSED", load, null)))
        .isEqualTo(55.0);
  }

  @Test
  void aRunThatBrokeOffHasNoValueWhateverItMeasuredBefore() {
    Map<String, Object> load =
        Map.of("targets", List.of(Map.of("operations", List.of(op("PlaceBid", 40.0)))));

    assertThat(
            ExperimentMetric.parse("throughput", Strategy.FIXED)
                .valueOf(summary("ERROR", load, null)))
        .isNull();
    assertThat(
            ExperimentMetric.parse("throughput", Strategy.FIXED)
                .valueOf(summary("PASSED", load, null)))
        .isEqualTo(12.5);
  }

  @Test
  void theDefaultIsThePeakForASearchAndTheThroughputOtherwise() {
    assertThat(ExperimentMetric.parse(null, Strategy.FIND_MAX).isPeak()).isTrue();
    assertThat(ExperimentMetric.parse(null, Strategy.INTERVAL).describe())
        .isEqualTo("throughput (ops/s)");
    assertThat(ExperimentMetric.parse("cpu", Strategy.FIXED).higherIsBetter()).isFalse();
  }

  private static Map<String, Object> op(String name, double p99) {
    return Map.of("operation", name, "count", 100, "throughputPerSecond", 12.5, "p99Millis", p99);
  }

  private static RunSummary summary(String outcome, Map<String, Object> load, CpuSummary cpu) {
    return new RunSummary(
        "t",
        "local",
        "local",
        "fixed",
        "2026-11-25T08:00:00Z",
        300,
        outcome,
        0,
        1000,
        List.of(),
        load == null ? null : DriverFiles.summary(load),
        null,
        "",
        null,
        null,
        null,
        cpu,
        null,
        null,
        null);
  }
}
