package dev.anemometer.harness.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.deploy.TierExit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tier processes live in sessions of their own and report an end nobody planned. */
class TierWatchTest {

  @TempDir Path dir;
  private final ProcessGroup group = new ProcessGroup();
  private final List<TierExit> exits = new CopyOnWriteArrayList<>();

  @AfterEach
  void stopEverything() {
    group.close();
  }

  private ManagedProcess sleeper(String name) throws Exception {
    ManagedProcess process =
        ManagedProcess.start(name, List.of("sleep", "60"), Map.of(), dir.resolve(name + ".log"));
    group.add(process, Duration.ofSeconds(2));
    return process;
  }

  @Test
  void aProcessKilledFromOutsideIsReportedWithItsSignalWithinASecond() throws Exception {
    ManagedProcess app = sleeper("run-1-app-0");
    group.watch(exits::add);

    long killedAt = System.nanoTime();
    ProcessHandle.of(app.pid()).orElseThrow().destroyForcibly();

    await().atMost(Duration.ofSeconds(1)).until(() -> !exits.isEmpty());
    assertThat(System.nanoTime() - killedAt).isLessThan(Duration.ofSeconds(1).toNanos());
    assertThat(exits).containsExactly(new TierExit("run-1-app-0", app.pid(), 128 + 9));
    assertThat(exits.get(0).describe())
        .isEqualTo(
            "run-1-app-0 (pid "
                + app.pid()
                + ") ended unexpectedly: killed by SIGKILL (exit code 137)");
  }

  @Test
  void aProcessThatExitsOnItsOwnIsReportedWithItsCode() throws Exception {
    group.watch(exits::add);
    ManagedProcess crash =
        ManagedProcess.start(
            "run-1-postgres", List.of("sh", "-c", "exit 3"), Map.of(), dir.resolve("pg.log"));
    group.add(crash, Duration.ofSeconds(2));

    await().atMost(Duration.ofSeconds(2)).until(() -> !exits.isEmpty());
    assertThat(exits.get(0).how()).isEqualTo("exited with code 3");
  }

  @Test
  void plannedEndsAreNotReported() throws Exception {
    ManagedProcess stopped = sleeper("run-1-app-0");
    ManagedProcess faulted = sleeper("run-1-app-1");
    ManagedProcess replaced = sleeper("run-1-haproxy-0");
    group.watch(exits::add);

    group.stop(stopped);
    faulted.kill();
    replaced.kill();
    ManagedProcess again = sleeper("run-1-haproxy-0-again");
    group.replace(replaced, again, Duration.ofSeconds(2));
    faulted.waitForExit();
    replaced.waitForExit();
    // An unplanned end would have been reported within this time.
    await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(1)).until(exits::isEmpty);
    // The replacement is watched like the others.
    ProcessHandle.of(again.pid()).orElseThrow().destroyForcibly();
    await().atMost(Duration.ofSeconds(1)).until(() -> !exits.isEmpty());
  }

  @Test
  void aTierLeadsAProcessGroupOfItsOwnSoASignalToTheHarnesssGroupMissesIt() throws Exception {
    ManagedProcess tier = sleeper("run-1-nginx-0");

    // setsid runs in the new process before it execs the tier: a moment after the start.
    await().atMost(Duration.ofSeconds(2)).until(() -> processGroupOf(tier.pid()) == tier.pid());
    assertThat(processGroupOf(tier.pid()))
        .isNotEqualTo(processGroupOf(ProcessHandle.current().pid()));
  }

  private static long processGroupOf(long pid) throws Exception {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    String[] afterName = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(afterName[2]);
  }
}
