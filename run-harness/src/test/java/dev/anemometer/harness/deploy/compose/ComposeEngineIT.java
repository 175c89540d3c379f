package dev.anemometer.harness.deploy.compose;

import static dev.anemometer.harness.elasticity.SummarySteps.offset;
import static dev.anemometer.harness.elasticity.SummarySteps.states;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.RepoFiles;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compose target on a real container engine: images built from the Debian base, the quickstart
 * stack driven through the published nginx port while the app service is scaled up and down, an app
 * container killed, PostgreSQL restarted and killed, HAProxy killed, the bid audit on the driver's
 * acknowledged bids through the published PostgreSQL port, the containers' logs in the results, and
 * nothing of the project left afterwards. Then the tier watch: a container killed from outside ends
 * a run with exit 3 naming it. Skipped, saying why, only where Compose or an engine is missing.
 */
@Tag("long")
class ComposeEngineIT {

  private static final Path PROJECT = RepoFiles.root();

  /** Short auctions and long polls, as in ElasticityIT: drains end and items sell in the run. */
  private static final List<String> SMALL =
      List.of(
          "--preset", "quickstart",
          "--set", "strategy=interval",
          "--set", "appInstances[0].maxUsers=60",
          "--set", "appInstances[0].users=30",
          "--set",
              "appInstances[0].tuning.app.properties={anemometer.live-auction.open-duration: 2s,"
                  + " anemometer.live-auction.last-call-duration: 2s,"
                  + " anemometer.live-auction.poll-timeout: 5s}",
          "--set", "elasticity.statsInterval=2s",
          "--set", "elasticity.drainTimeout=8s",
          "--set", "elasticity.warmUp=2s");

  /** Kept when a test fails: its run folder says what happened. */
  @TempDir(cleanup = CleanupMode.ON_SUCCESS)
  Path results;

  private volatile boolean runEnded;

  @BeforeAll
  static void requireAnEngine() {
    Engines.assumeAnEngine("ComposeEngineIT");
    try {
      ComposeCommand.detect(PROJECT);
    } catch (TierStartException e) {
      Engines.skipIf(true, "ComposeEngineIT", e::getMessage);
    }
    System.setProperty("anemometer.root", PROJECT.toString());
  }

  /**
   * Two app containers at first; a third joins at 5 s and leaves at 70 s (a new app JVM takes up to
   * a minute to be healthy on a loaded 2-core machine); the second is killed at 105 s, PostgreSQL
   * restarted at 125 s and killed at 150 s, HAProxy killed at 175 s (each killed one started again
   * at once, on its fixed address), under 30 users for 210 s.
   */
  @Test
  void scalingAndFaultsOnTheEngineLoseNoAcknowledgedBidAndLeaveNothingBehind() throws Exception {
    String name = "compose-engine-it";
    int users = 30;
    int exit =
        run(
            "name=" + name,
            "appInstances[0].tiers.app.instances=2",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: "
                + users
                + ", duration: 210s}]}",
            "elasticity.schedule=[{at: 5s, tier: app, instances: 3}, {at: 70s, tier: app,"
                + " instances: 2}]",
            "faults=[{at: 105s, kill: app, instance: 1}, {at: 125s, restart: db}, {at: 150s, kill:"
                + " db}, {at: 175s, kill: lb}]");

    Path run = onlyRunFolder();
    String summaryText = Files.readString(run.resolve("summary.json"));
    assertThat(exit)
        .as("0 pass or 1 QoS not met, never an infrastructure error: %s", summaryText)
        .isIn(0, 1);
    Map<String, Object> summary = json(summaryText);
    assertThat(summaryText)
        .contains("\"violationCount\" : 0")
        .containsPattern("\"acknowledgedBidsChecked\" : [1-9]");
    List<Map<String, Object>> changes = list(map(summary, "elasticity"), "changes");
    assertThat(changes).extracting(c -> c.get("to")).containsExactly(3, 2);
    assertThat(states(changes.get(0))).containsSubsequence("starting", "ready", "in-lb", "done");
    assertThat(states(changes.get(1)))
        .containsSubsequence("draining", "drained", "stopped", "done");
    List<Map<String, Object>> faults = list(summary, "faults");
    // The new container is routed to once healthy, the leaving one drained before it stops: a
    // change alone costs no failure. On a loaded machine a change can take a minute and more and
    // meet a fault, whose failures count in its window too: only changes alone are held to it.
    // One 401 was seen once during a scale-up with the driver lagging by seconds: one allowed.
    assertThat(changes)
        .filteredOn(c -> faults.stream().noneMatch(f -> during(offset(f, "injected"), c)))
        .isNotEmpty()
        .allSatisfy(
            c ->
                assertThat(((Number) c.get("failedOperations")).longValue())
                    .isLessThanOrEqualTo(1));
    assertThat(faults)
        .extracting(f -> f.get("action") + " " + f.get("tier"))
        .containsExactly("kill app", "restart db", "kill db", "kill lb");
    assertThat(faults).allSatisfy(f -> assertThat(f).containsEntry("recovered", true));
    assertThat(faults).allSatisfy(f -> assertThat(f.get("recoveryMillis")).isNotNull());
    // As on the local target (ElasticityIT): a killed app server costs at most what HAProxy had in
    // flight on it; the database's restart and kill, and the load balancer's kill, what reaches
    // them
    // before they are back (a killed container used to come back on a new address, where nginx
    // and the app servers' pools never looked: the tiers now have fixed ones).
    assertThat(((Number) faults.get(0).get("failedOperations")).longValue())
        .as("failed by the app kill: %s", faults.get(0))
        .isLessThanOrEqualTo(((Number) faults.get(0).get("inFlightAtFault")).longValue());
    assertThat(faults.subList(1, 4))
        .allSatisfy(
            f ->
                assertThat(((Number) f.get("failedOperations")).longValue())
                    .as("failed by %s", f)
                    .isLessThanOrEqualTo(6L * users));
    Map<String, Object> cpu = map(summary, "cpu");
    assertThat(cpu).containsEntry("measured", true);
    assertThat(list(list(cpu, "windows").get(0), "tiers"))
        .as("CPU per tier from the containers' processes")
        .filteredOn(t -> List.of("db", "app", "lb", "web").contains(t.get("tier")))
        .hasSize(4)
        .allSatisfy(t -> assertThat(((Number) t.get("cpuSeconds")).doubleValue()).isPositive());
    System.out.println(
        "COMPOSE-ENGINE-FIGURES "
            + Json.compact()
                .writeValueAsString(Map.of("changes", changes, "faults", faults, "cpu", cpu)));
    assertThat(Files.readString(run.resolve("logs/anemometer-" + name + "-0-containers.log")))
        .as("every container's log (Compose v1 names them postgres_1, v2 postgres-1)")
        .containsPattern("postgres[-_]1")
        .containsPattern("data-load[-_]1")
        .containsPattern("app[-_]1")
        .containsPattern("haproxy[-_]1")
        .containsPattern("nginx[-_]1");
    assertNothingLeft("anemometer-" + name + "-0");
  }

  /**
   * An app container SIGKILLed from outside the harness mid-load: the run is stopped within a
   * second of the kill, exits 3 naming the service, the container and its exit code, keeps what it
   * had collected and takes the project down.
   */
  @Test
  void aContainerKilledFromOutsideStopsTheRunWithExitThreeNamingIt() throws Exception {
    String name = "compose-watch-it";
    String project = "anemometer-" + name + "-0";
    // Not the common pool: the harness under test uses it, and it has one thread on two cores.
    ExecutorService outsider = Executors.newSingleThreadExecutor();
    Future<Instant[]> killed = outsider.submit(() -> killAnAppContainerMidLoad(project));
    outsider.shutdown();

    int exit =
        run(
            "name=" + name,
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 20,"
                + " duration: 120s}]}");

    Path run = onlyRunFolder();
    Map<String, Object> summary = json(Files.readString(run.resolve("summary.json")));
    assertThat(exit).as("%s", summary).isEqualTo(3);
    Instant[] kill = killed.get();
    assertThat(summary).containsEntry("outcome", "ERROR");
    assertThat((String) summary.get("message"))
        .startsWith(project)
        .contains("(service app, container ")
        .endsWith("ended unexpectedly: killed by SIGKILL (exit code 137)");
    Map<String, Object> ended = event(run, "tier-ended");
    assertThat(ended).containsEntry("service", "app").containsEntry("exitCode", 137);
    Instant reported = Instant.parse((String) ended.get("time"));
    System.out.println(
        "COMPOSE-TIER-WATCH kill command took "
            + Duration.between(kill[0], kill[1]).toMillis()
            + " ms; reported "
            + Duration.between(kill[0], reported).toMillis()
            + " ms after it was issued");
    assertThat(Duration.between(kill[1], reported))
        .as("reported within a second of the kill (the command itself takes a while here)")
        .isLessThan(Duration.ofSeconds(1));
    assertThat(run.resolve("driver/intervals.csv")).isNotEmptyFile();
    assertThat(run.resolve("logs/" + project + "-containers.log")).isNotEmptyFile();
    assertNothingLeft(project);
  }

  /**
   * Once the load has run a few seconds, {@code docker kill} of the project's app container, as an
   * outsider would; returns when the command was issued and when it returned.
   */
  private Instant[] killAnAppContainerMidLoad(String project) {
    await()
        .atMost(Duration.ofMinutes(10))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> runEnded || intervalsWritten());
    if (runEnded) {
      throw new IllegalStateException("the run ended before its load did");
    }
    try {
      RepoFiles.Result ids =
          RepoFiles.run(
              List.of(
                  "docker",
                  "ps",
                  "-q",
                  "--filter",
                  "label=com.docker.compose.project=" + project,
                  "--filter",
                  "label=com.docker.compose.service=app"),
              PROJECT);
      String id = ids.output().lines().findFirst().orElseThrow().strip();
      Instant issued = Instant.now();
      RepoFiles.Result kill = RepoFiles.run(List.of("docker", "kill", id), PROJECT);
      Instant returned = Instant.now();
      assertThat(kill.exitCode()).as(kill.output()).isZero();
      return new Instant[] {issued, returned};
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private boolean intervalsWritten() throws IOException {
    Optional<Path> run = runFolder();
    Path intervals = run.map(r -> r.resolve("driver/intervals.csv")).orElse(null);
    return intervals != null && Files.exists(intervals) && Files.readAllLines(intervals).size() > 2;
  }

  private int run(String... settings) {
    List<String> args = new ArrayList<>(List.of("run", "--target", "compose"));
    args.addAll(List.of("--results", results.toString()));
    args.addAll(SMALL);
    for (String setting : settings) {
      args.add("--set");
      args.add(setting);
    }
    try {
      return AnemometerCli.execute(args.toArray(String[]::new));
    } finally {
      runEnded = true;
    }
  }

  private static void assertNothingLeft(String project) throws Exception {
    assertThat(named(project, "ps", "-a", "--format", "{{.Names}}")).as("containers").isEmpty();
    assertThat(named(project, "network", "ls", "--format", "{{.Name}}")).as("networks").isEmpty();
    assertThat(named(project, "volume", "ls", "--format", "{{.Name}}")).as("volumes").isEmpty();
  }

  /** The names {@code docker <list command>} prints that belong to the project. */
  private static List<String> named(String project, String... listCommand) throws Exception {
    List<String> line = new ArrayList<>(List.of("docker"));
    line.addAll(List.of(listCommand));
    RepoFiles.Result result = RepoFiles.run(line, PROJECT);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return result.output().lines().filter(name -> name.contains(project)).toList();
  }

  private static Map<String, Object> event(Path run, String type) throws IOException {
    for (String line : Files.readAllLines(run.resolve("events.jsonl"))) {
      Map<String, Object> event = json(line);
      if (type.equals(event.get("type"))) {
        return event;
      }
    }
    throw new AssertionError("no " + type + " event in " + run.resolve("events.jsonl"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> json(String text) {
    return Json.pretty().readValue(text, Map.class);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<String, Object> parent, String key) {
    assertThat(parent).containsKey(key);
    return (Map<String, Object>) parent.get(key);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Map<String, Object> parent, String key) {
    assertThat(parent).containsKey(key);
    return (List<Map<String, Object>>) parent.get(key);
  }

  /** Whether a load offset falls between a change's request and its end. */
  private static boolean during(long offsetMillis, Map<String, Object> change) {
    return offsetMillis >= offset(change, "requested") && offsetMillis <= offset(change, "done");
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
