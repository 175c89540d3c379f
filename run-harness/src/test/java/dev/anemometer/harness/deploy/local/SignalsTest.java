package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SignalsTest {

  private Process shell;

  @AfterEach
  void stop() {
    if (shell != null) {
      Signals.killTree(shell.toHandle());
    }
  }

  @Test
  void aPausedProcessStopsAtOnceRatherThanAtTheEndOfItsGrace() throws Exception {
    shell = new ProcessBuilder("sleep", "600").start();
    ProcessHandle paused = shell.toHandle();
    Signals.send("STOP", paused);

    long started = System.nanoTime();
    ManagedProcess.stopTree(paused, Duration.ofSeconds(60));

    assertThat(paused.isAlive()).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - started))
        .as("ended by its SIGTERM once continued, not by the SIGKILL after the grace")
        .isLessThan(Duration.ofSeconds(15));
  }

  @Test
  void aDescendantThatExitedBeforeTheSignalDoesNotFailIt() {
    ProcessHandle root = ProcessHandle.current();

    assertThat(Signals.onlyDescendantsWereGone("kill: (29309): No such process", root)).isTrue();
    assertThat(
            Signals.onlyDescendantsWereGone(
                "kill: (29309): No such process\nkill: (29310): No such process", root))
        .isTrue();
  }

  @Test
  void theRootGoneOrAnotherComplaintStillFails() {
    ProcessHandle root = ProcessHandle.current();

    assertThat(Signals.onlyDescendantsWereGone("kill: (" + root.pid() + "): No such process", root))
        .isFalse();
    assertThat(Signals.onlyDescendantsWereGone("kill: (1): Operation not permitted", root))
        .isFalse();
    assertThat(Signals.onlyDescendantsWereGone("", root)).isFalse();
  }

  @Test
  void aTreeIsStoppedContinuedAndTerminatedWhole() throws Exception {
    shell = new ProcessBuilder("sh", "-c", "sleep 60 & sleep 60 & wait").start();
    ProcessHandle root = shell.toHandle();
    await("children started")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> root.children().count() >= 2);

    Signals.send("STOP", root);
    Signals.send("CONT", root);
    var children = root.children().toList();
    Signals.send("TERM", root);

    assertThat(shell.waitFor(10, TimeUnit.SECONDS)).as("the shell ended").isTrue();
    for (ProcessHandle child : children) {
      assertThat(child.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
    }
  }

  @Test
  void aSignalToAProcessThatIsGoneFails() throws Exception {
    Process done = new ProcessBuilder("true").start();
    done.waitFor();

    assertThatThrownBy(() -> Signals.sendToProcess("CONT", done.toHandle()))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("No such process");
  }

  @Test
  void aKilledTreeLeavesNoChildItsParentRespawnedInTheMeantime() throws Exception {
    // Like nginx's master, the shell starts a new child the moment one dies.
    String marker = "61." + ProcessHandle.current().pid();
    shell =
        new ProcessBuilder(
                "bash",
                "-c",
                "for i in 1 2 3 4 5 6 7 8; do sleep M & done; while :; do wait -n; sleep M & done"
                    .replace("M", marker))
            .start();
    await("children started")
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> withMarker(marker) >= 8);

    Signals.killTree(shell.toHandle());

    await("orphans gone")
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(5))
        .until(() -> withMarker(marker) == 0);
  }

  private static long withMarker(String marker) {
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().arguments().map(a -> List.of(a).contains(marker)).orElse(false))
        .count();
  }
}
