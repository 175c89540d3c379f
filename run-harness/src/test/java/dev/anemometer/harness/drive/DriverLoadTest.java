package dev.anemometer.harness.drive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.operation.AcknowledgedBids;
import dev.anemometer.driver.qos.QosVerdict;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.stats.IntervalStats;
import dev.anemometer.harness.audit.AcknowledgedBid;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.HostWorkers;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.json.EventLog;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverLoadTest {

  @TempDir Path temp;

  /** Given workers that do not answer end the run before the load, naming the worker, exit 3. */
  @Test
  void aGivenWorkerThatDoesNotAnswerStopsTheLoadBeforeItStartsNamingTheWorker() throws IOException {
    int closed;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = probe.getLocalPort();
    }
    AnemometerConfig config =
        new ConfigLoader()
            .load(null, "quickstart", List.of("driver.workers=[127.0.0.1:" + closed + "]"));
    DeployedInstance instance =
        new DeployedInstance(
            0,
            List.of(URI.create("http://127.0.0.1:1")),
            new DatabaseEndpoint("jdbc:postgresql://127.0.0.1:1/auction", "auction", "secret"),
            List.of(),
            List.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LoadPlan plan =
        new LoadPlan(
            config,
            List.of(instance),
            temp.resolve("driver"),
            new Console(new PrintStream(out, true, StandardCharsets.UTF_8), false),
            new EventLog(temp.resolve("events.jsonl"), Clock.systemUTC()),
            List.of(),
            null,
            null,
            null);
    HostWorkers.Starter noneStartedHere =
        (count, token, hosts, dir) -> {
          throw new AssertionError("given workers are not started here");
        };

    assertThatThrownBy(() -> new DriverLoad(noneStartedHere).drive(plan))
        .isInstanceOf(TierStartException.class)
        .hasMessageStartingWith("the driver did not start: ")
        .hasMessageContaining("driver worker 0 (127.0.0.1:" + closed + ")");
    assertThat(temp.resolve("driver")).doesNotExist();
  }

  @Test
  void theDriversAcknowledgedBidsReachTheAuditWithTwoDecimalAmounts() {
    AcknowledgedBids bids = new AcknowledgedBids();
    bids.acknowledged(41, 1200, 9, 2_105, "ACCEPTED_HIGH");
    bids.acknowledged(42, 1201, -1, 5, "OUTBID");
    IntervalStats none = IntervalStats.empty(0, 0);
    TargetResult target =
        new TargetResult(
            "instance-0",
            List.of(),
            none,
            none,
            new QosVerdict(true, List.of(), List.of()),
            null,
            null,
            true,
            true,
            bids);

    assertThat(DriverLoad.acknowledgedBids(target))
        .containsExactly(
            new AcknowledgedBid(41, 1200, 9, new BigDecimal("21.05"), "ACCEPTED_HIGH"),
            new AcknowledgedBid(42, 1201, -1, new BigDecimal("0.05"), "OUTBID"));
  }
}
