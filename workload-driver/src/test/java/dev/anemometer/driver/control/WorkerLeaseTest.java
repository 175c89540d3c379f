package dev.anemometer.driver.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.run.LocalLoadGenerator;
import dev.anemometer.driver.stats.DriverHealth;
import dev.anemometer.driver.stats.HealthSource;
import dev.anemometer.driver.support.FakeHttpClient;
import dev.anemometer.driver.support.RecordingPopulation;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class WorkerLeaseTest {

  private static final long SECOND = 1_000_000_000L;
  private final AtomicLong clock = new AtomicLong();
  private final List<RecordingPopulation> populations = new ArrayList<>();

  @Test
  void aWorkerStopsItsUsersWhenTheControllerFallsSilent() {
    HealthSource health = () -> DriverHealth.NONE;
    var node =
        new WorkerNode(
            () ->
                new LocalLoadGenerator(
                    FakeHttpClient::new,
                    (config, client, recorder, bids, time) -> {
                      var population = new RecordingPopulation(config, recorder);
                      populations.add(population);
                      return population;
                    },
                    client -> health,
                    clock::get),
            clock::get,
            Duration.ofSeconds(60),
            WorkerLimits.LOOPBACK);
    var users = new UsersConfig(URI.create("http://127.0.0.1:9"), "default", 0, 10, 4, 1);
    node.configure(
        new WireFormat.ConfigureRequest(List.of(new WireFormat.WorkerTarget("app0", users))));
    node.setUsers("app0", 10);

    clock.addAndGet(50 * SECOND);
    node.takeIntervals();
    clock.addAndGet(60 * SECOND);
    assertThat(node.checkLease()).isFalse();
    assertThat(populations.get(0).closed()).isFalse();

    clock.addAndGet(1 * SECOND);
    assertThat(node.checkLease()).isTrue();
    assertThat(populations.get(0).closed()).isTrue();
    assertThat(node.status().running()).isFalse();
  }
}
