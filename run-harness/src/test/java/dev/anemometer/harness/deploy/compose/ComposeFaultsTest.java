package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.TierName;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.UnsupportedFaultException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Faults act on one container, found by Compose's labels, with the engine's own commands. */
class ComposeFaultsTest {

  @TempDir Path temp;

  /** What {@code docker ps -q} answers: one container. */
  static final String CONTAINER_ID = "4f1c2a9b7d3e";

  final FakeEngine engine =
      new FakeEngine()
          .answer("ps", CONTAINER_ID + "\n")
          .answer("kill", "")
          .answer("start", "")
          .answer("restart", "")
          .answer("pause", "")
          .answer("unpause", "");
  final List<String> steps = new ArrayList<>();
  final List<Map<String, Object>> details = new ArrayList<>();
  final ChangeSteps recorder =
      (state, detail) -> {
        steps.add(state);
        details.add(Map.copyOf(detail));
      };

  @Test
  void aKilledAppContainerStaysDeadAndIsFoundByItsComposeLabels() throws Exception {
    faults("").kill(TierName.APP, 1, recorder);

    assertThat(commands())
        .containsExactly(
            "docker ps -q --filter label=com.docker.compose.project=anemometer-run-0"
                + " --filter label=com.docker.compose.service=app"
                + " --filter label=com.docker.compose.container-number=2",
            "docker kill --signal KILL " + CONTAINER_ID);
    assertThat(steps).containsExactly("killed");
    assertThat(details.get(0))
        .as("what HAProxy had in flight on it, the most the kill may cost")
        .containsEntry(ChangeSteps.IN_FLIGHT, 7);
    assertThat(temp.resolve("results/logs/anemometer-run-0-compose.log"))
        .as("the engine's commands on record beside Compose's")
        .content()
        .contains("docker kill --signal KILL " + CONTAINER_ID);
  }

  @Test
  void aFailedEngineCommandEndsTheFaultWithTheEnginesWords() {
    engine.refuse("kill");

    assertThatThrownBy(() -> faults("").kill(TierName.APP, 0, recorder))
        .isInstanceOf(TierStartException.class)
        .hasMessageStartingWith("docker kill --signal KILL " + CONTAINER_ID + " failed: ")
        .hasMessageContaining("the fake engine has no answer")
        .hasMessageContaining("anemometer-run-0-compose.log");
    assertThat(steps).isEmpty();
  }

  @Test
  void aKilledDatabaseIsStartedAgainAtOnce() throws Exception {
    faults("").kill(TierName.DB, 0, recorder);

    assertThat(commands())
        .endsWith("docker kill --signal KILL " + CONTAINER_ID, "docker start " + CONTAINER_ID);
    assertThat(commands().get(0)).contains("com.docker.compose.service=postgres");
    assertThat(steps).containsExactly("killed", "started");
  }

  @Test
  void restartAndPauseUseTheEnginesCommands() throws Exception {
    FaultTarget faults = faults("");
    faults.restart(TierName.WEB, 0, recorder);
    faults.pause(TierName.LB, 0, Duration.ofMillis(10), recorder);

    assertThat(commands())
        .contains(
            "docker restart --time 30 " + CONTAINER_ID,
            "docker pause " + CONTAINER_ID,
            "docker unpause " + CONTAINER_ID);
    assertThat(steps).containsExactly("stopping", "started", "paused", "resumed");
  }

  @Test
  void aPauseInterruptedBeforeItsEndStillUnpausesTheContainer() throws Exception {
    FaultTarget faults = faults("");
    CountDownLatch paused = new CountDownLatch(1);
    ChangeSteps signalling =
        (state, detail) -> {
          recorder.step(state, detail);
          if (state.equals("paused")) {
            paused.countDown();
          }
        };
    Thread pausing = Thread.currentThread();
    Thread interrupter =
        new Thread(
            () -> {
              try {
                paused.await();
                pausing.interrupt();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    interrupter.start();

    assertThatThrownBy(() -> faults.pause(TierName.DB, 0, Duration.ofMinutes(10), signalling))
        .isInstanceOf(InterruptedException.class);
    interrupter.join();

    assertThat(commands()).endsWith("docker unpause " + CONTAINER_ID);
    assertThat(steps).containsExactly("paused", "resumed");
  }

  @Test
  void aLoadBalancerFaultWithoutHaproxyIsUnsupported() {
    assertThatThrownBy(
            () -> faults("appInstances[0].tiers.lb.impl=none").kill(TierName.LB, 0, recorder))
        .isInstanceOf(UnsupportedFaultException.class)
        .hasMessage("lb: this project has no HAProxy");
  }

  private FaultTarget faults(String assignment) {
    var config =
        assignment.isEmpty() ? ComposeStackTest.config() : ComposeStackTest.config(assignment);
    ComposeDeployment deployment =
        ComposeDeployment.prepare(
            config,
            ComposeStackTest.TUNING,
            temp.resolve("results"),
            temp,
            "run",
            new RecordingCompose().command(temp),
            engine);
    return new ComposeFaults(
        deployment,
        deployment.projects().get(0),
        id -> id.equals(CONTAINER_ID) ? OptionalInt.of(7) : OptionalInt.empty());
  }

  private List<String> commands() {
    return engine.commands().stream().map(c -> "docker " + c).toList();
  }
}
