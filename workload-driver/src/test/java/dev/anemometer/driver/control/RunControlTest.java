package dev.anemometer.driver.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.DriverRun;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RunControlTest {

  private final AtomicLong clock = new AtomicLong();
  private final List<RecordingPopulation> populations = new ArrayList<>();
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void usersCanBeSetByHandThroughTheControlApiDuringARun() throws Exception {
    DriverRun run = begunRun();

    try (ControlServer server =
        new RunControl(run)
            .serveOn(ControlServer.bind(new InetSocketAddress("127.0.0.1", 0), null))
            .start()) {
      URI base = URI.create("http://127.0.0.1:" + server.address().getPort());
      HttpResponse<String> set =
          http.send(
              HttpRequest.newBuilder(base.resolve("/v1/targets/app0/users"))
                  .header("Authorization", "Bearer " + server.token())
                  .PUT(HttpRequest.BodyPublishers.ofString("{\"users\": 35}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(set.statusCode()).isEqualTo(200);
      clock.addAndGet(1_000_000_000L);
      run.tick();
      assertThat(populations.get(0).activeUsers()).isEqualTo(35);

      HttpResponse<String> unknown =
          http.send(
              HttpRequest.newBuilder(base.resolve("/v1/targets/app9/users"))
                  .header("Authorization", "Bearer " + server.token())
                  .PUT(HttpRequest.BodyPublishers.ofString("{\"users\": 1}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(unknown.statusCode()).isEqualTo(400);
      assertThat(unknown.body()).contains("unknown target 'app9'");

      HttpResponse<String> status =
          http.send(
              HttpRequest.newBuilder(base.resolve("/v1/status"))
                  .header("Authorization", "Bearer " + server.token())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(status.body()).contains("\"app0\":35");
    }
    run.finish();
  }

  @Test
  void everyRouteOfARunRefusesCallersWithoutTheTokenOrFromAnotherSite() throws Exception {
    DriverRun run = begunRun();
    List<String[]> routes =
        List.of(
            new String[] {"GET", "/v1/status", ""},
            new String[] {"PUT", "/v1/targets/app0/users", "{\"users\": 1}"},
            new String[] {"DELETE", "/v1/targets/app0/users", ""},
            new String[] {"POST", "/v1/stop", ""});
    List<Integer> statuses = new ArrayList<>();

    try (ControlServer server =
        new RunControl(run)
            .serveOn(ControlServer.bind(new InetSocketAddress("127.0.0.1", 0), null))
            .start()) {
      RawHttp raw = new RawHttp(server.address());
      String auth = "Authorization: Bearer " + server.token();
      for (String[] route : routes) {
        statuses.add(raw.send(route[0], route[1], route[2], "Host: 127.0.0.1").status());
        statuses.add(raw.send(route[0], route[1], route[2], "Host: evil.example", auth).status());
        statuses.add(
            raw.send(
                    route[0],
                    route[1],
                    route[2],
                    "Host: 127.0.0.1",
                    auth,
                    "Origin: http://evil.example")
                .status());
      }
    }

    assertThat(statuses)
        .containsExactly(401, 403, 403, 401, 403, 403, 401, 403, 403, 401, 403, 403);
    assertThat(run.allFinished()).isFalse();
    run.finish();
  }

  private DriverRun begunRun() {
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 0, 50, 4, 1);
    var path =
        new FixedLoadPathSpec(
            20, Duration.ZERO, Duration.ZERO, 1, Duration.ofSeconds(60), Duration.ZERO);
    HealthSource health = () -> DriverHealth.NONE;
    var generator =
        new LocalLoadGenerator(
            FakeHttpClient::new,
            (config, client, recorder, bids, time) -> {
              var population = new RecordingPopulation(config, recorder);
              populations.add(population);
              return population;
            },
            client -> health,
            clock::get);
    DriverRun run =
        new DriverRun(
            RunSpec.of(
                "manual",
                List.of(new TargetSpec("app0", users, path)),
                QosSpec.weathervaneDefaults()),
            generator,
            clock::get);
    run.begin();
    return run;
  }
}
