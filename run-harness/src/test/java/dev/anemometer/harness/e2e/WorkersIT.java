package dev.anemometer.harness.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.support.ProjectJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness as the controller of two worker JVMs on this host ({@code driver.workers: 2}), on the
 * local target with the real app and PostgreSQL: the merged operation counts are the sum of what
 * each worker handed over, the bid audit passes over the bids the workers handed back, and a worker
 * killed mid-run ends the run with exit code 3 naming it, leaving no process behind. Kept short:
 * one app server, no web or load balancer tier, a few dozen users.
 */
@Tag("long")
class WorkersIT {

  @TempDir Path results;

  @BeforeAll
  static void requireTheAppJar() {
    ProjectJars.assumeTheAppJarAndUseThisCheckout();
  }

  @Test
  void twoWorkerProcessesShareTheUsersAndTheirCountsAndBidsAddUp() throws Exception {
    Set<ProcessHandle> before = ProcessHandle.current().descendants().collect(Collectors.toSet());

    // Enough user-seconds that bids are placed: about one operation in twenty-five is a bid once a
    // user follows auctions.
    int exit = AnemometerCli.execute(run("workers", 60, "55s"));

    Path run = onlyRunFolder();
    Map<String, Object> summary = summary(run);
    assertThat(exit)
        .as("no infrastructure error: %s", summary.get("message"))
        .isIn(0, 1); // a 55 s window may miss the steady-state mix: that is QoS, not this feature
    Map<String, Long> merged = mergedCounts(run.resolve("driver/intervals.jsonl"));
    Map<String, Object> account0 = handedOver(run.resolve("driver/worker-0.log"));
    Map<String, Object> account1 = handedOver(run.resolve("driver/worker-1.log"));
    Map<String, Long> worker0 = operations(account0);
    Map<String, Long> worker1 = operations(account1);
    assertThat(total(worker0)).as("worker 0 ran users").isPositive();
    assertThat(total(worker1)).as("worker 1 ran users").isPositive();
    Map<String, Long> sum = new TreeMap<>(worker0);
    worker1.forEach((operation, count) -> sum.merge(operation, count, Long::sum));
    assertThat(merged).as("merged counts per operation").isEqualTo(sum);
    @SuppressWarnings("unchecked")
    Map<String, Object> audit =
        (Map<String, Object>) ((Map<String, Object>) summary.get("audit")).get("instance-0");
    assertThat(audit).containsEntry("violationCount", 0);
    assertThat((Integer) audit.get("acknowledgedBidsChecked"))
        .as("the audit checked every bid the workers got acknowledged")
        .isPositive()
        .isEqualTo(acknowledgedBids(account0) + acknowledgedBids(account1));
    assertThat(Files.readAllLines(run.resolve("driver/acknowledged-bids.csv")))
        .hasSize((Integer) audit.get("acknowledgedBidsChecked") + 1);
    awaitNoProcessLeft(before);
  }

  @Test
  void aWorkerKilledMidRunEndsTheRunWithExitThreeNamingItAndLeavesNoProcess() throws Exception {
    Set<ProcessHandle> before = ProcessHandle.current().descendants().collect(Collectors.toSet());
    // A thread of its own, not the common pool: the JDK HttpClient the harness talks to its
    // workers with needs a common-pool thread for each sendAsync, and on two cores there is one.
    ExecutorService killer = Executors.newSingleThreadExecutor();
    Future<ProcessHandle> killed = killer.submit(this::killAWorkerMidLoad);

    int exit;
    try {
      exit = AnemometerCli.execute(run("workers-kill", 20, "120s"));
    } finally {
      killer.shutdown();
    }

    ProcessHandle worker = killed.get();
    assertThat(exit).isEqualTo(3);
    Path run = onlyRunFolder();
    Map<String, Object> summary = summary(run);
    assertThat(summary).containsEntry("outcome", "ERROR").containsEntry("exitCode", 3);
    assertThat((String) summary.get("message"))
        .matches("driver worker 1 \\(127\\.0\\.0\\.1:\\d+, pid " + worker.pid() + "\\) .*")
        .contains("ended unexpectedly: killed by SIGKILL (exit code 137)");
    assertThat(Files.readAllLines(run.resolve("events.jsonl")))
        .as("the worker's end on record")
        .anySatisfy(
            event ->
                assertThat(event)
                    .contains("\"type\":\"worker-ended\"")
                    .contains("\"pid\":" + worker.pid()));
    // What the workers measured until then is kept.
    assertThat(run.resolve("driver/intervals.csv")).isNotEmptyFile();
    awaitNoProcessLeft(before);
  }

  private String[] run(String name, int users, String duration) {
    return new String[] {
      "run",
      "--results",
      results.toString(),
      "--preset",
      "quickstart",
      "--set",
      "name=" + name,
      "--set",
      "strategy=interval",
      "--set",
      "driver.workers=2",
      "--set",
      "appInstances[0].maxUsers=100",
      "--set",
      "appInstances[0].tiers.web.impl=none",
      "--set",
      "appInstances[0].tiers.lb.impl=none",
      "--set",
      "appInstances[0].tuning.app.heap=320m",
      "--set",
      "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: "
          + users
          + ", duration: "
          + duration
          + "}]}"
    };
  }

  /**
   * Waits until the workers have handed over a few intervals, then SIGKILLs worker 1, found by the
   * pid the run recorded when it started it.
   */
  private ProcessHandle killAWorkerMidLoad() throws IOException {
    await()
        .atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofMillis(250))
        .until(this::intervalsWritten);
    ProcessHandle worker =
        Files.readAllLines(onlyRunFolder().resolve("events.jsonl")).stream()
            .filter(line -> line.contains("\"type\":\"worker\",\"name\":\"driver-worker-1\""))
            .map(line -> Json.pretty().readValue(line, Map.class).get("pid"))
            .map(pid -> ProcessHandle.of(((Number) pid).longValue()))
            .flatMap(Optional::stream)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no driver worker 1 running during the load"));
    worker.destroyForcibly();
    return worker;
  }

  private boolean intervalsWritten() throws IOException {
    Optional<Path> run = runFolder();
    Path intervals = run.map(r -> r.resolve("driver/intervals.jsonl")).orElse(null);
    return intervals != null && Files.exists(intervals) && !Files.readAllLines(intervals).isEmpty();
  }

  /** Every process this test's run started (tiers and workers) has ended. */
  private static void awaitNoProcessLeft(Set<ProcessHandle> before) {
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () ->
                assertThat(
                        ProcessHandle.current()
                            .descendants()
                            .filter(ProcessHandle::isAlive)
                            .filter(p -> !before.contains(p))
                            .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")))
                    .isEmpty());
  }

  /** The controller's counts: every live status interval of the run, per operation. */
  @SuppressWarnings("unchecked")
  private static Map<String, Long> mergedCounts(Path intervals) throws IOException {
    Map<String, Long> counts = new TreeMap<>();
    for (String line : Files.readAllLines(intervals)) {
      Map<String, Object> interval = Json.pretty().readValue(line, Map.class);
      for (Map<String, Object> operation : (List<Map<String, Object>>) interval.get("operations")) {
        long count = ((Number) operation.get("count")).longValue();
        if (count > 0) {
          counts.merge((String) operation.get("operation"), count, Long::sum);
        }
      }
    }
    return counts;
  }

  /** What a worker says it handed over when its run stopped: operations and acknowledged bids. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> handedOver(Path log) throws IOException {
    String marker = "Run stopped; handed over: ";
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      if (line.contains(marker)) {
        lines.add(line.substring(line.indexOf(marker) + marker.length()));
      }
    }
    assertThat(lines).as("the worker's account in " + log).hasSize(1);
    return Json.pretty().readValue(lines.get(0), Map.class);
  }

  /** A worker's operations of instance-0 that ran at least once. */
  @SuppressWarnings("unchecked")
  private static Map<String, Long> operations(Map<String, Object> handedOver) {
    Map<String, Number> perOperation =
        ((Map<String, Map<String, Number>>) handedOver.get("operations"))
            .getOrDefault("instance-0", Map.of());
    Map<String, Long> counts = new TreeMap<>();
    perOperation.forEach(
        (operation, count) -> {
          if (count.longValue() > 0) {
            counts.put(operation, count.longValue());
          }
        });
    return counts;
  }

  @SuppressWarnings("unchecked")
  private static int acknowledgedBids(Map<String, Object> handedOver) {
    return ((Map<String, Number>) handedOver.get("acknowledgedBids"))
        .getOrDefault("instance-0", 0)
        .intValue();
  }

  private static long total(Map<String, Long> counts) {
    return counts.values().stream().mapToLong(Long::longValue).sum();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> summary(Path run) throws IOException {
    return Json.pretty().readValue(Files.readString(run.resolve("summary.json")), Map.class);
  }

  private Optional<Path> runFolder() throws IOException {
    if (!Files.isDirectory(results)) {
      return Optional.empty();
    }
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory).findFirst();
    }
  }

  private Path onlyRunFolder() throws IOException {
    return runFolder().orElseThrow();
  }
}
