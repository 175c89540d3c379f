package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.tuning.TierTuning;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class DescriptorBudgetTest {

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(printed, true, StandardCharsets.UTF_8), false);

  /** The local preset at 3,000 users: HAProxy maxconn 30,000 needs 60,000 descriptors. */
  private TierTuning localAt3000Users() {
    return localAt(3_000);
  }

  private TierTuning localAt(int users) {
    AnemometerConfig config =
        new ConfigLoader()
            .load(
                null,
                "local",
                List.of("appInstances[0].maxUsers=9000", "appInstances[0].users=" + users));
    return new TuningCalculator(8L << 30).compute(config, 0);
  }

  @Test
  void connectionLimitsBeyondTheOpenFileLimitAreLoweredWithANotice() {
    TierTuning fitted =
        new DescriptorBudget(20_000, 2).fit(localAt3000Users(), "instance-0", console);

    assertThat(fitted.haproxy().maxconn()).isEqualTo(9_950);
    assertThat(fitted.nginx().workerConnections()).isEqualTo(19_900);
    assertThat(fitted.nginx().workerProcesses())
        .as("auto: two cores' workers have 39,800")
        .isZero();
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("instance-0: HAProxy maxconn 30000 lowered to 9950 (open-file limit 20000");
  }

  @Test
  void limitsWithinTheBudgetStayAsTheyAre() {
    TierTuning tuning = localAt3000Users();

    TierTuning fitted = new DescriptorBudget(1_048_576, 2).fit(tuning, "instance-0", console);

    assertThat(fitted).isEqualTo(tuning);
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void anInstanceThatNeedsMoreConnectionsThanItsCoresWorkersMayOpenRunsMoreWorkers() {
    TierTuning fitted = new DescriptorBudget(20_000, 2).fit(localAt(9_000), "instance-0", console);

    assertThat(fitted.nginx().workerConnections()).isEqualTo(19_900);
    assertThat(fitted.nginx().workerProcesses()).as("90,000 connections / 19,900").isEqualTo(5);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains(
            "instance-0: nginx worker_connections 90000 lowered to 19900 per worker (open-file"
                + " limit 20000), over 5 workers instead of 2");
  }

  @Test
  void aWorkerCountTheUserSetIsRaisedOnlyWhereTheConnectionsNeedIt() {
    TierTuning tuning = localAt(3_000);
    TierTuning.Nginx one =
        new TierTuning.Nginx(
            1,
            tuning.nginx().workerConnections(),
            tuning.nginx().upstreamKeepalive(),
            tuning.nginx().proxyTimeout(),
            tuning.nginx().imageCacheMegabytes(),
            tuning.nginx().imageCacheValidity());
    TierTuning oneWorker = new TierTuning(one, tuning.haproxy(), tuning.app(), tuning.postgres());

    assertThat(
            new DescriptorBudget(20_000, 8).fit(oneWorker, "i", console).nginx().workerProcesses())
        .isEqualTo(2);
    assertThat(
            new DescriptorBudget(40_000, 8).fit(oneWorker, "i", console).nginx().workerProcesses())
        .isEqualTo(1);
  }
}
