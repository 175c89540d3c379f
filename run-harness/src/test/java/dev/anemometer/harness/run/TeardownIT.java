package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.local.LocalDeploymentState;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.deploy.local.ManagedProcess;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** teardown stops, from the state file alone, what another invocation left running. */
class TeardownIT {

  @TempDir Path dir;

  @Test
  void stopsEveryProcessOfTheStateFileAndForgetsTheDeployment() throws Exception {
    ManagedProcess first =
        ManagedProcess.start("first", List.of("sleep", "300"), Map.of(), dir.resolve("a.log"));
    ManagedProcess second =
        ManagedProcess.start("second", List.of("sleep", "300"), Map.of(), dir.resolve("b.log"));
    Harness harness =
        new Harness(
            new LocalPaths(dir, dir.resolve("state")),
            new Console(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false),
            Clock.systemUTC(),
            new TuningCalculator(1L << 30));
    new LocalDeploymentState("now", dir.toString(), List.of(entry(first), entry(second)), List.of())
        .write(harness.paths().deploymentState());

    assertThat(new Teardown(harness).stop()).isTrue();

    assertThat(first.isAlive()).isFalse();
    assertThat(second.isAlive()).isFalse();
    assertThat(Files.exists(harness.paths().deploymentState())).isFalse();
    assertThat(new Teardown(harness).stop()).as("nothing left to stop").isFalse();
  }

  @Test
  void aPidThatNowBelongsToAnotherProcessIsLeftAlone() throws Exception {
    ManagedProcess other =
        ManagedProcess.start("other", List.of("sleep", "300"), Map.of(), dir.resolve("c.log"));
    try {
      boolean stopped =
          ManagedProcess.stopPid(
              other.pid(), other.startInstant().minusSeconds(3600), Duration.ofSeconds(1));

      assertThat(stopped).isFalse();
      assertThat(other.isAlive()).isTrue();
    } finally {
      other.stop(Duration.ofSeconds(5));
    }
  }

  private static LocalDeploymentState.ProcessEntry entry(ManagedProcess process) {
    return new LocalDeploymentState.ProcessEntry(
        process.name(), process.pid(), process.startInstant().toString(), 5);
  }
}
