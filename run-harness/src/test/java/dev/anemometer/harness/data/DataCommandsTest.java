package dev.anemometer.harness.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.TierStartException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data load's progress reaches the harness console line by line, labelled, as the app writes
 * it. A script stands in for {@code java -jar app.jar data …}: what matters here is the relay.
 */
class DataCommandsTest {

  private static final DatabaseEndpoint DATABASE =
      new DatabaseEndpoint("jdbc:postgresql://127.0.0.1:1/none", "anemometer", "secret");

  @TempDir Path temp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(out, true, StandardCharsets.UTF_8), false);

  @Test
  void theLoadersProgressLinesAreRelayedUnderTheInstanceLabel() throws Exception {
    Path fakeJava =
        script(
            "echo \"load:  40% 80,000/200,000 rows, 40,000 rows/s, 2.0 s\"",
            "echo \"load: 100% 200,000/200,000 rows, 41,000 rows/s, 4.9 s\"",
            "echo \"args: $*\"",
            "echo \"password from env: ${SPRING_DATASOURCE_PASSWORD:+set}\"");

    new DataCommands(fakeJava, temp.resolve("app.jar"), console)
        .load("instance-0", DATABASE, 300, false);

    assertThat(out.toString(StandardCharsets.UTF_8).lines())
        .containsSubsequence(
            "           instance-0 data load | load:  40% 80,000/200,000 rows, 40,000 rows/s, 2.0 s",
            "           instance-0 data load | load: 100% 200,000/200,000 rows, 41,000 rows/s, 4.9 s")
        .anyMatch(line -> line.contains("data load --jdbc-url") && line.contains("--max-users 300"))
        .contains("           instance-0 data load | password from env: set")
        .noneMatch(line -> line.contains("secret"));
  }

  @Test
  void aFailedLoadIsAnInfrastructureErrorNamingTheInstance() throws Exception {
    Path fakeJava = script("echo \"load: cannot connect\"", "exit 4");

    assertThatThrownBy(
            () ->
                new DataCommands(fakeJava, temp.resolve("app.jar"), console)
                    .load("instance-1", DATABASE, 300, false))
        .isInstanceOf(TierStartException.class)
        .hasMessage("instance-1: data load failed (exit 4)");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("instance-1 data load | load: cannot connect");
  }

  @Test
  void aLoadThatStallsIsStoppedAtItsLimitWithOneLineNamingTheInstance() throws Exception {
    Path pidFile = temp.resolve("child.pid");
    Path fakeJava = script("echo \"load: started\"", "echo $$ > " + pidFile, "exec sleep 600");
    DataCommands commands =
        new DataCommands(
            fakeJava, temp.resolve("app.jar"), console, Duration.ofMillis(500), Duration.ZERO);

    assertThatThrownBy(() -> commands.load("instance-1", DATABASE, 300, false))
        .isInstanceOf(TierStartException.class)
        .hasMessageStartingWith("instance-1: data load did not finish within")
        .hasMessageNotContaining("\n");
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
        .as("the stalled child is stopped")
        .isFalse();
  }

  private Path script(String... lines) throws Exception {
    Path script = temp.resolve("fake-java");
    Files.writeString(script, "#!/bin/sh\n" + String.join("\n", lines) + "\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script;
  }
}
