package dev.anemometer.driver.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.TimeSource;
import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.output.DriverFiles;
import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.run.RunResult;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.StatusReport;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** The one assembly of a run that the driver's command line and the harness share. */
class LoadRunTest {

  @TempDir Path directory;

  /** Two users for 2 s, one 1 s QoS period, no ramps: a run that ends in about 2 s. */
  private static RunSpec shortSpec() {
    UsersConfig users = new UsersConfig(URI.create("http://127.0.0.1:1"), "default", 0, 1000, 4, 1);
    var path =
        new FixedLoadPathSpec(
            2, Duration.ZERO, Duration.ofSeconds(1), 1, Duration.ofSeconds(1), Duration.ZERO);
    return new RunSpec(
        "api-test",
        List.of(new TargetSpec("app0", users, path)),
        QosSpec.weathervaneDefaults().withoutMix(),
        HealthThresholds.DEFAULTS,
        Duration.ofSeconds(1),
        Duration.ofMillis(100));
  }

  private static LocalLoadGenerator fakeUsers() {
    return new LocalLoadGenerator(
        FakeHttpClient::new,
        (config, client, recorder, bids, time) -> new RecordingPopulation(config, recorder),
        client -> () -> DriverHealth.NONE,
        TimeSource.SYSTEM);
  }

  @Test
  void aRunWritesItsResultsAndTellsItsListenersWhatTheSummaryHolds() throws IOException {
    AtomicInteger statuses = new AtomicInteger();
    List<RunResult> finished = new CopyOnWriteArrayList<>();
    RunListener listener =
        new RunListener() {
          @Override
          public void onStatus(StatusReport report) {
            statuses.incrementAndGet();
          }

          @Override
          public void onFinish(RunResult result) {
            finished.add(result);
          }
        };
    Path out = directory.resolve("run");

    RunResult result;
    try (LoadRun run =
        LoadRun.of(shortSpec()).generator(fakeUsers()).output(out).listener(listener).open()) {
      assertThat(run.metricsUrl()).isEmpty();
      assertThat(run.controlAddress()).isEmpty();
      result = run.run();
    }

    assertThat(result.error()).isNull();
    assertThat(result.stopped()).isFalse();
    assertThat(statuses.get()).isGreaterThanOrEqualTo(1);
    assertThat(finished).containsExactly(result);
    DriverSummary written =
        DriverFiles.summary(
            JsonMapper.builder().build().readTree(out.resolve("summary.json").toFile()));
    assertThat(written).isEqualTo(LoadRun.summary(result));
    assertThat(DriverFiles.intervals(out)).isNotEmpty();
    assertThat(Files.exists(out.resolve("histograms-app0.hlog"))).isTrue();
  }

  @Test
  void metricsAreServedWhileTheRunIsOpenAndAStopEndsItEarly() throws Exception {
    try (LoadRun run =
        LoadRun.of(shortSpec())
            .generator(fakeUsers())
            .output(directory.resolve("run"))
            .metrics(0)
            .open()) {
      String url = run.metricsUrl().orElseThrow();
      HttpResponse<String> scrape =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url)).build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(scrape.statusCode()).isEqualTo(200);

      run.stop();
      RunResult result = run.run();
      assertThat(result.stopped()).isTrue();
    }
  }

  @Test
  void aTakenPreferredMetricsPortGivesWayToAFreeOneAndATakenExactPortFails() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      try (LoadRun run =
          LoadRun.of(shortSpec())
              .generator(fakeUsers())
              .output(directory.resolve("preferred"))
              .metricsPreferring(port)
              .open()) {
        assertThat(run.metricsUrl().orElseThrow()).doesNotContain(":" + port + "/");
      }
      assertThatThrownBy(
              () ->
                  LoadRun.of(shortSpec())
                      .generator(fakeUsers())
                      .output(directory.resolve("exact"))
                      .metrics(port)
                      .open())
          .isInstanceOf(java.io.UncheckedIOException.class);
      assertThat(directory.resolve("exact"))
          .as("nothing written for a run that did not open")
          .doesNotExist();
    }
  }

  @Test
  void aWorkerThatDoesNotAnswerStopsTheRunBeforeItOpensNamingTheWorker() throws IOException {
    int closedPort;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = probe.getLocalPort();
    }
    Worker gone = Worker.at("127.0.0.1:" + closedPort, "token").named("driver worker 3 (pid 4711)");
    Path out = directory.resolve("never");

    assertThatThrownBy(() -> LoadRun.of(shortSpec()).usersOn(List.of(gone)).output(out).open())
        .hasMessageContaining("driver worker 3 (pid 4711)");
    assertThat(out).doesNotExist();
  }

  @Test
  void aRunNeedsAResultsDirectoryAndWorkersNeedOne() {
    assertThatThrownBy(() -> LoadRun.of(shortSpec()).generator(fakeUsers()).open())
        .hasMessageStartingWith("output:");
    assertThatThrownBy(() -> LoadRun.of(shortSpec()).usersOn(List.of()))
        .hasMessageStartingWith("workers:");
    assertThatThrownBy(() -> Worker.at("no-port", "t")).hasMessageContaining("no-port");
    assertThatThrownBy(() -> LoadRun.of(shortSpec()).metrics(70_000))
        .hasMessage("metrics: port 70000 is not 0..65535");
  }
}
