package dev.anemometer.harness.drive;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.deploy.DeployedInstance;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerFleetTest {

  @Test
  void workersStartedHereMayLoadEveryDeployedEntryHostAndNoOther() {
    var first =
        new DeployedInstance(
            0,
            List.of(URI.create("http://127.0.0.1:8080"), URI.create("http://sut-1.lab:8081")),
            null,
            List.of(URI.create("http://10.0.0.9:9000")),
            List.of());
    var second =
        new DeployedInstance(
            1, List.of(URI.create("http://sut-1.lab:8082")), null, List.of(), List.of());

    assertThat(WorkerFleet.entryHosts(List.of(first, second)))
        .containsExactly("127.0.0.1", "sut-1.lab");
  }
}
