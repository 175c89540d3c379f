package dev.anemometer.driver.control;

import static dev.anemometer.driver.operation.OperationType.GET_ITEM_DETAIL;
import static dev.anemometer.driver.operation.OperationType.LOGIN;
import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.operation.AcknowledgedBidSink;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetResult;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.stats.Histograms;
import dev.anemometer.driver.stats.OperationStats;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Controller + 2 workers in one JVM, talking over real loopback HTTP (issue 3, must show 4). */
class DistributedRunTest {

  private static final long SECOND = 1_000_000_000L;
  private static final String TOKEN = "s3cret-token";

  private final AtomicLong clock = new AtomicLong(SECOND);
  private final List<List<RecordingPopulation>> populations =
      List.of(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>());
  private final List<ControlServer> servers = new ArrayList<>();
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void stopServers() {
    servers.forEach(ControlServer::close);
  }

  private WorkerClient startWorker(int index) throws Exception {
    HealthSource healthy = () -> new DriverHealth(1_000 * (index + 1), 0.1, 0);
    var node =
        new WorkerNode(
            () ->
                new LocalLoadGenerator(
                    FakeHttpClient::new,
                    (config, client, recorder, bids, time) -> {
                      var population = new RecordingPopulation(config, recorder, bids);
                      populations.get(index).add(population);
                      return population;
                    },
                    client -> healthy,
                    clock::get));
    ControlServer server =
        node.serveOn(ControlServer.bind(new InetSocketAddress("127.0.0.1", 0), TOKEN)).start();
    servers.add(server);
    return new WorkerClient(
        URI.create("http://127.0.0.1:" + server.address().getPort()), TOKEN, http);
  }

  @Test
  void mergedResultsEqualTheHistogramsOfEverythingTheWorkersRecorded() throws Exception {
    var generator = new RemoteLoadGenerator(List.of(startWorker(0), startWorker(1)), clock::get);
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 100, 1001, 4, 7);
    var path =
        new FixedLoadPathSpec(
            11, Duration.ZERO, Duration.ofSeconds(1), 2, Duration.ofSeconds(2), Duration.ZERO);
    var spec =
        new RunSpec(
            "distributed",
            List.of(new TargetSpec("app0", users, path)),
            QosSpec.weathervaneDefaults().withoutMix(),
            HealthThresholds.DEFAULTS,
            Duration.ofSeconds(2),
            Duration.ofSeconds(1));
    DriverRun run = new DriverRun(spec, generator, clock::get);

    Histogram judgedReference = Histograms.empty();
    Histogram wholeReference = Histograms.empty();
    long failures = 0;
    run.begin();
    for (int second = 1; !run.allFinished(); second++) {
      clock.addAndGet(SECOND);
      for (int w = 0; w < 2; w++) {
        RecordingPopulation population = populations.get(w).get(0);
        for (int user = 0; user < population.activeUsers(); user++) {
          long latencyMicros = 1_000 + 997L * user + 150_000L * w + 10_000L * second;
          population.record(LOGIN, clock.get(), latencyMicros, null);
          wholeReference.recordValue(latencyMicros);
          if (second >= 2 && second <= 5) {
            judgedReference.recordValue(latencyMicros);
          }
        }
        population.record(GET_ITEM_DETAIL, clock.get(), 5_000, "status 503");
        failures++;
      }
      run.tick();
    }
    RunResult result = run.finish();

    // users and accounts were split across the workers: every second user, from the first or
    // the second, so that the target's user k (account 100 + k) runs on worker k mod 2
    assertThat(populations.get(0).get(0).userCounts).containsExactly(6, 0);
    assertThat(populations.get(1).get(0).userCounts).containsExactly(5, 0);
    UsersConfig first = populations.get(0).get(0).config;
    UsersConfig second = populations.get(1).get(0).config;
    assertThat(first.sliceUsers()).isEqualTo(501);
    assertThat(second.sliceUsers()).isEqualTo(500);
    assertThat(List.of(first.account(0), second.account(0), first.account(1), second.account(1)))
        .containsExactly(100, 101, 102, 103);
    assertThat(second.account(499)).isEqualTo(1_099).isEqualTo(100 + 1_001 - 2);
    assertThat(List.of(first.seed(), second.seed())).containsOnly(7L);

    TargetResult target = result.target("app0");
    Histogram judged = target.judged().operation(LOGIN).latencyMicros();
    assertThat(judged.getTotalCount()).isEqualTo(4 * 11).isEqualTo(judgedReference.getTotalCount());
    assertThat(judged).isEqualTo(judgedReference);
    for (double percentile : new double[] {50, 90, 95, 99, 99.9, 100}) {
      assertThat(judged.getValueAtPercentile(percentile))
          .as("p%s", percentile)
          .isEqualTo(judgedReference.getValueAtPercentile(percentile));
    }
    assertThat(target.whole().operation(LOGIN).latencyMicros()).isEqualTo(wholeReference);
    OperationStats failed = target.whole().operation(GET_ITEM_DETAIL);
    assertThat(failed.failures()).isEqualTo(Map.of("status 503", failures));
    assertThat(target.windows()).hasSize(2);
    assertThat(target.whole().health().maxEventLoopLagMicros()).isEqualTo(2_000);
  }

  @Test
  void theAcknowledgedBidsOfBothWorkersArriveMergedAtTheController() throws Exception {
    var generator = new RemoteLoadGenerator(List.of(startWorker(0), startWorker(1)), clock::get);
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 1, 10, 4, 7);
    var path =
        new FixedLoadPathSpec(
            4, Duration.ZERO, Duration.ofSeconds(1), 1, Duration.ofSeconds(1), Duration.ZERO);
    var spec =
        RunSpec.of(
            "bids",
            List.of(new TargetSpec("app0", users, path)),
            QosSpec.weathervaneDefaults().withoutMix());
    DriverRun run = new DriverRun(spec, generator, clock::get);

    run.begin();
    for (int w = 0; w < 2; w++) {
      AcknowledgedBidSink worker = populations.get(w).get(0).acknowledgedBids;
      for (int i = 0; i < 3_000; i++) {
        long bidId = 1 + 2L * i + w;
        worker.acknowledged(
            bidId, 500 + i % 11, 10 + w, 1_000 + bidId, i % 5 == 0 ? "OUTBID" : "ACCEPTED_HIGH");
      }
    }
    while (!run.allFinished()) {
      clock.addAndGet(SECOND);
      run.tick();
    }
    RunResult result = run.finish();

    assertThat(result.error()).isNull();
    Map<Long, String> merged = new HashMap<>();
    result
        .target("app0")
        .acknowledgedBids()
        .forEach(
            (bidId, itemId, bidderId, cents, outcome) ->
                merged.put(bidId, itemId + " " + bidderId + " " + cents + " " + outcome));
    assertThat(merged).hasSize(6_000);
    assertThat(merged.get(1L)).isEqualTo("500 10 1001 OUTBID");
    assertThat(merged.get(6_000L)).isEqualTo((500 + 2_999 % 11) + " 11 7000 ACCEPTED_HIGH");
  }

  @Test
  void aWorkerThatIsGoneBreaksTheRunNamingItAndIsNotAskedAgain() throws Exception {
    WorkerClient first = startWorker(0);
    WorkerClient gone = startWorker(1);
    var named = new WorkerClient(gone.base(), TOKEN, http, "worker 1 (pid 4711)");
    var generator = new RemoteLoadGenerator(List.of(first, named), clock::get);
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 1, 10, 4, 7);
    var path =
        new FixedLoadPathSpec(
            4, Duration.ZERO, Duration.ofSeconds(1), 1, Duration.ofSeconds(1), Duration.ZERO);
    var spec =
        RunSpec.of(
            "gone",
            List.of(new TargetSpec("app0", users, path)),
            QosSpec.weathervaneDefaults().withoutMix());
    DriverRun run = new DriverRun(spec, generator, clock::get);
    run.begin();
    clock.addAndGet(SECOND);
    run.tick();

    servers.get(1).close();
    clock.addAndGet(SECOND);
    org.assertj.core.api.Assertions.assertThatThrownBy(run::tick)
        .isInstanceOf(ControlException.class)
        .hasMessageStartingWith("worker 1 (pid 4711): POST /v1/intervals failed");
    RunResult result = run.finish();

    // Stopping asked the live worker only; the bids fail at once, naming the one that is gone.
    assertThat(first.status().running()).isFalse();
    assertThat(result.error())
        .isEqualTo(
            "acknowledged bids: worker 1 (pid 4711): failed during the run; its acknowledged bids"
                + " are lost");
  }

  @Test
  void workersRefuseRequestsWithoutTheToken() throws Exception {
    WorkerClient good = startWorker(0);
    var intruder = new WorkerClient(good.base(), "guess", http);

    assertThat(good.status().role()).isEqualTo("worker");
    org.assertj.core.api.Assertions.assertThatThrownBy(intruder::status)
        .isInstanceOf(ControlException.class)
        .hasMessageContaining("answered 401");
  }

  @Test
  void theControlApiWillNotListenBeyondLoopbackWithoutAToken() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> ControlServer.bind(new InetSocketAddress("0.0.0.0", 0), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--token: required");
  }

  @Test
  void badCommandsGetAClearClientError() throws Exception {
    WorkerClient worker = startWorker(0);

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> worker.setUsers("app0", 3))
        .hasMessageContaining("answered 409")
        .hasMessageContaining("no run configured");
  }
}
