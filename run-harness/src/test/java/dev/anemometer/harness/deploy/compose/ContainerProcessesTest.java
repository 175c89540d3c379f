package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.deploy.TierProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CPU per tier on compose reads each tier container's first process, as the engine names it. */
class ContainerProcessesTest {

  static final String ID = "4f1c2a9b7d3e0889203c3c1e754519d08946f3b4db4d817f1fa608b25121de7a";

  @TempDir Path temp;

  final AtomicLong nanoTime = new AtomicLong();

  @Test
  void everyRunningTierContainerIsATierProcessAskedForAtMostEveryFewSeconds() throws Exception {
    try (FakeEngine engine = oneContainerEverywhere()) {
      ContainerProcesses processes = processes(engine);

      List<TierProcess> first = processes.get();
      int asked = engine.commands().size();
      nanoTime.addAndGet(ContainerProcesses.FRESH.toNanos() - 1);
      List<TierProcess> cached = processes.get();

      assertThat(first)
          .extracting(TierProcess::tier)
          .containsExactlyInAnyOrder("db", "app", "lb", "web");
      assertThat(first)
          .contains(new TierProcess("app", 0, "instance-0-app-1", 4242))
          .allSatisfy(p -> assertThat(p.pid()).isEqualTo(4242));
      assertThat(cached).isEqualTo(first);
      assertThat(engine.commands()).hasSize(asked);
    }
  }

  @Test
  void whenTheEngineDoesNotAnswerTheLastAnswerStands() throws Exception {
    FakeEngine engine = oneContainerEverywhere();
    ContainerProcesses processes = processes(engine);
    List<TierProcess> answered = processes.get();
    engine.close();

    nanoTime.addAndGet(ContainerProcesses.FRESH.toNanos());

    assertThat(processes.get()).hasSize(4).isEqualTo(answered);
  }

  @Test
  void containersWhoseProcessesAreThisHostsAreOnThisHost() throws Exception {
    Files.createDirectories(temp.resolve("proc/4242"));
    Files.writeString(temp.resolve("proc/4242/cgroup"), "0::/libpod_parent/libpod-" + ID + "\n");

    assertThat(processes(oneContainerEverywhere()).onThisHost()).isTrue();
  }

  /** A remote engine's process ids name processes of another kernel: not this host's to sample. */
  @Test
  void containersOfAnEngineElsewhereAreNotThisHostsProcesses() throws Exception {
    Files.createDirectories(temp.resolve("proc/4242"));
    Files.writeString(temp.resolve("proc/4242/cgroup"), "0::/user.slice/session-3.scope\n");

    assertThat(processes(oneContainerEverywhere()).onThisHost()).isFalse();
  }

  @Test
  void aProcessIdThatIsNoProcessHereIsElsewhereToo() throws Exception {
    assertThat(processes(oneContainerEverywhere()).onThisHost()).isFalse();
  }

  @Test
  void beforeAnyContainerRunsNothingSaysTheEngineIsElsewhere() throws Exception {
    assertThat(processes(new FakeEngine().answer("ps", "")).onThisHost()).isTrue();
  }

  /** Every tier's service has one running container, the second of its service. */
  private FakeEngine oneContainerEverywhere() throws Exception {
    StringBuilder inspected = new StringBuilder("[");
    for (String service : List.of("postgres", "app", "haproxy", "nginx")) {
      inspected
          .append(inspected.length() > 1 ? "," : "")
          .append("{\"Id\":\"")
          .append(ID)
          .append("\",\"State\":{\"Running\":true,\"Pid\":4242},")
          .append("\"Config\":{\"Labels\":{\"com.docker.compose.container-number\":\"2\",")
          .append("\"com.docker.compose.service\":\"")
          .append(service)
          .append("\"}}}");
    }
    return new FakeEngine()
        .answer("ps", ID + "\n")
        .answer("inspect", inspected.append("]").toString());
  }

  private ContainerProcesses processes(FakeEngine engine) {
    var deployment =
        ComposeDeployment.prepare(
            ComposeStackTest.config(),
            ComposeStackTest.TUNING,
            temp.resolve("results"),
            temp,
            "run",
            new RecordingCompose().command(temp),
            engine);
    return new ContainerProcesses(
        deployment.projects(), engine, temp.resolve("proc"), nanoTime::get);
  }
}
