package dev.anemometer.harness.tuning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.config.TuningSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The formulas of SPEC §4.4, and that a key set in the config wins. */
class TuningCalculatorTest {

  private static final long HOST_MEMORY = 16L << 30;

  private final TuningCalculator calculator = new TuningCalculator(HOST_MEMORY);

  @Test
  void localPresetGetsTheDocumentedFormulas() {
    TierTuning tuning = compute("local");

    // worker_connections = max(100, 10 × 1000 users / 1 web instance)
    assertThat(tuning.nginx().workerConnections()).isEqualTo(10_000);
    assertThat(tuning.nginx().workerProcesses()).as("auto").isZero();
    // two long polls and one request per user stay open between the tiers
    assertThat(tuning.nginx().upstreamKeepalive()).isEqualTo(3000);
    assertThat(tuning.nginx().proxyTimeout())
        .as("outlasts the 30 s long poll by 10 s")
        .isEqualTo(Duration.ofSeconds(40));
    assertThat(tuning.haproxy().balance()).isEqualTo(TuningSpec.Balance.LEASTCONN);
    assertThat(tuning.haproxy().maxconn()).isEqualTo(10_000);
    assertThat(tuning.haproxy().timeoutServer()).isGreaterThan(Duration.ofSeconds(35));
    // 500 users per app server: pool of 20, heap 256 + 500 MB
    assertThat(tuning.app().hikariPoolSize()).isEqualTo(20);
    assertThat(tuning.app().heapMegabytes()).isEqualTo(756);
    assertThat(tuning.app().cacheMaxUsers()).isEqualTo(3000);
    // PostgreSQL: a quarter of the host, capped at 4 GB; 25 % and 65 % of that
    assertThat(tuning.postgres().memoryMegabytes()).isEqualTo(4096);
    assertThat(tuning.postgres().sharedBuffersMegabytes()).isEqualTo(1024);
    assertThat(tuning.postgres().effectiveCacheSizeMegabytes()).isEqualTo(2662);
    // 2 app servers × (20 + 2) + 10 reserved = 54
    assertThat(tuning.postgres().maxConnections()).isEqualTo(54);
    assertThat(tuning.postgres().synchronousCommit()).isEqualTo(TuningSpec.SynchronousCommit.ON);
  }

  @Test
  void smallLoadsKeepTheFloors() {
    TierTuning tuning = compute("quickstart");

    assertThat(tuning.nginx().workerConnections()).isEqualTo(1000); // 10 × 100
    assertThat(tuning.nginx().upstreamKeepalive()).isEqualTo(300); // 3 × 100
    assertThat(tuning.haproxy().maxconn()).isEqualTo(1000);
    assertThat(tuning.app().hikariPoolSize()).isEqualTo(10);
    assertThat(tuning.postgres().maxConnections()).isEqualTo(50);
  }

  @Test
  void keysSetInTheConfigWin() {
    TierTuning tuning =
        compute(
            "local",
            "appInstances[0].tuning.nginx.workerConnections=4096",
            "appInstances[0].tuning.haproxy.balance=roundrobin",
            "appInstances[0].tuning.app={heap: 1g, hikariPoolSize: 30, longPollTimeout: 50s}",
            "appInstances[0].tuning.postgres={memory: 2g, sharedBuffers: 40%, maxConnections: 200,"
                + " synchronousCommit: 'off', workMem: 16m}");

    assertThat(tuning.nginx().workerConnections()).isEqualTo(4096);
    assertThat(tuning.nginx().proxyTimeout()).isEqualTo(Duration.ofSeconds(60));
    assertThat(tuning.haproxy().balance()).isEqualTo(TuningSpec.Balance.ROUNDROBIN);
    assertThat(tuning.app().heapMegabytes()).isEqualTo(1024);
    assertThat(tuning.app().hikariPoolSize()).isEqualTo(30);
    assertThat(tuning.postgres().sharedBuffersMegabytes()).isEqualTo(819);
    assertThat(tuning.postgres().effectiveCacheSizeMegabytes()).isEqualTo(1331);
    assertThat(tuning.postgres().maxConnections()).isEqualTo(200);
    assertThat(tuning.postgres().synchronousCommit()).isEqualTo(TuningSpec.SynchronousCommit.OFF);
    assertThat(tuning.postgres().workMemMegabytes()).isEqualTo(16);
  }

  @Test
  void postgresConnectionsCoverThePoolsAtTheElasticityPeak() {
    TierTuning tuning = compute("local", "elasticity.schedule=[{at: 1m, tier: app, instances: 4}]");

    assertThat(tuning.postgres().maxConnections()).isEqualTo(4 * (20 + 2) + 10);
  }

  @Test
  void tooFewPostgresConnectionsIsAnErrorNamingTheKey() {
    assertThatThrownBy(() -> compute("local", "appInstances[0].tuning.postgres.maxConnections=40"))
        .hasMessageStartingWith("appInstances[0].tuning.postgres.maxConnections: must be ≥ 54");
  }

  private TierTuning compute(String preset, String... sets) {
    AnemometerConfig config = new ConfigLoader().load(null, preset, List.of(sets));
    return calculator.compute(config, 0);
  }
}
