package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
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
}
