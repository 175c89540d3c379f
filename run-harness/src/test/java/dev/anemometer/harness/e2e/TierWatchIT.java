package dev.anemometer.harness.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.deploy.local.Executables;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.support.ProjectJars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tier that dies when nothing planned it ends the run: an app server SIGKILLed from outside the
 * harness mid-load is reported within a second with its name and signal, the run exits 3, tears
 * down the rest and keeps what it had collected.
 */
class TierWatchIT {

  @TempDir Path results;

  @BeforeAll
  static void requireTheStack() {
    assumeThat(ProjectJars.appJar()).as("auction-app exec jar (./mvnw package)").isPresent();
    assumeThat(Executables.find("haproxy")).as("haproxy").isPresent();
    System.setProperty("anemometer.root", ProjectJars.PROJECT.toString());
  }

  @Test
  void anAppServerKilledFromOutsideStopsTheRunWithExitThreeNamingIt() throws Exception {
    // Other tests of this JVM may have left processes of their own: only this run's are checked.
    Set<ProcessHandle> before = ProcessHandle.current().descendants().collect(Collectors.toSet());
    Set<ProcessHandle> tiers = ConcurrentHashMap.newKeySet();
    CompletableFuture<Instant> killed =
        CompletableFuture.supplyAsync(() -> killAnAppServerMidLoad(before, tiers));

    int exit =
        AnemometerCli.execute(
            "run",
            "--results",
            results.toString(),
            "--preset",
            "local",
            "--set",
            "name=tier-watch",
            "--set",
            "strategy=interval",
            "--set",
            "appInstances[0].maxUsers=60",
            "--set",
            "appInstances[0].tiers.web.impl=none",
            "--set",
            "appInstances[0].tuning.app.heap=320m",
            "--set",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 20,"
                + " duration: 120s}]}");

    Instant killedAt = killed.get();
    assertThat(exit).isEqualTo(3);
    Path run = onlyRunFolder();
    @SuppressWarnings("unchecked")
    Map<String, Object> summary =
        Json.pretty().readValue(Files.readString(run.resolve("summary.json")), Map.class);
    assertThat(summary).containsEntry("outcome", "ERROR").containsEntry("exitCode", 3);
    assertThat((String) summary.get("message"))
        .startsWith("instance-0-app-")
        .contains("ended unexpectedly")
        .endsWith("killed by SIGKILL (exit code 137)");
    Map<String, Object> ended = tierEndedEvent(run);
    assertThat(Duration.between(killedAt, Instant.parse((String) ended.get("time"))))
        .isLessThan(Duration.ofSeconds(1));
    // What was collected up to the death is kept.
    assertThat(run.resolve("driver/intervals.csv")).isNotEmptyFile();
    assertThat(run.resolve("logs")).isDirectory();
    // Nothing of the run is left behind.
    assertThat(tiers).as("the run's tier processes").hasSizeGreaterThanOrEqualTo(3);
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> tiers.stream().noneMatch(ProcessHandle::isAlive));
  }

  /**
   * Waits until the load has run a few seconds, notes the run's processes, then SIGKILLs an app
   * server as an outsider would.
   */
  private Instant killAnAppServerMidLoad(Set<ProcessHandle> before, Set<ProcessHandle> tiers) {
    await()
        .atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> eventsMention("\"name\":\"load\",\"state\":\"start\"") && intervalsWritten());
    ProcessHandle.current().descendants().filter(p -> !before.contains(p)).forEach(tiers::add);
    ProcessHandle app =
        tiers.stream()
            .filter(p -> p.info().commandLine().orElse("").contains("auction-app"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no app server running during the load"));
    Instant at = Instant.now();
    app.destroyForcibly();
    return at;
  }

  private boolean eventsMention(String text) throws Exception {
    Optional<Path> run = runFolder();
    return run.isPresent()
        && Files.exists(run.get().resolve("events.jsonl"))
        && Files.readString(run.get().resolve("events.jsonl")).contains(text);
  }

  private boolean intervalsWritten() throws Exception {
    Optional<Path> run = runFolder();
    Path intervals = run.map(r -> r.resolve("driver/intervals.csv")).orElse(null);
    return intervals != null && Files.exists(intervals) && Files.readAllLines(intervals).size() > 2;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> tierEndedEvent(Path run) throws Exception {
    for (String line : Files.readAllLines(run.resolve("events.jsonl"))) {
      Map<String, Object> event = Json.pretty().readValue(line, Map.class);
      if ("tier-ended".equals(event.get("type"))) {
        return event;
      }
    }
    throw new AssertionError("no tier-ended event in " + run.resolve("events.jsonl"));
  }

  private Optional<Path> runFolder() throws Exception {
    if (!Files.isDirectory(results)) {
      return Optional.empty();
    }
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory).findFirst();
    }
  }

  private Path onlyRunFolder() throws Exception {
    return runFolder().orElseThrow();
  }
}
