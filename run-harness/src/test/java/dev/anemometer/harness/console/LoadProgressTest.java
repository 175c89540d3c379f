package dev.anemometer.harness.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.loadpath.LoadPhase;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.driver.stats.OperationStats;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LoadProgressTest {

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  @Test
  void aLogGetsOnePlainLinePerIntervalWithBarUsersThroughputAndP99() {
    LoadProgress progress = new LoadProgress(out, Duration.ofMinutes(5), false);

    progress.onStatus(report(60_000, true));
    progress.onStatus(report(120_000, false));

    String text = bytes.toString(StandardCharsets.UTF_8);
    assertThat(text).doesNotContain("\r").doesNotContain("\u001b");
    assertThat(text.lines().toList())
        .hasSize(2)
        .first()
        .asString()
        .contains("instance-0 [#####...................]  20 % 1:00/5:00 QOS")
        .contains("users   300")
        .contains("ops/s    30.0")
        .contains("p99     12 ms (PlaceBid)")
        .contains("QoS pass");
    assertThat(text.lines().toList().get(1)).contains(" 40 % 2:00/5:00").contains("QoS FAIL");
  }

  @Test
  void aTerminalLineIsRewrittenInPlaceAndFindMaxShowsElapsedTime() {
    LoadProgress progress = new LoadProgress(out, Duration.ZERO, true);

    progress.onStatus(report(65_000, true));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .startsWith("\r")
        .contains("instance-0 [1:05] QOS")
        .doesNotContain("\n");
  }

  private static StatusReport report(long elapsedMillis, boolean passed) {
    Histogram latency = new Histogram(3);
    latency.recordValueWithCount(12_000, 300);
    IntervalStats stats =
        new IntervalStats(
            0,
            10_000_000_000L,
            Map.of(OperationType.PLACE_BID, new OperationStats(latency, latency.copy(), Map.of())),
            DriverHealth.NONE);
    return new StatusReport(
        "instance-0",
        elapsedMillis,
        300,
        LoadPhase.QOS,
        stats,
        new QosVerdict(passed, List.of(), List.of()));
  }
}
