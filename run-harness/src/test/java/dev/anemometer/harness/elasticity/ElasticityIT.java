package dev.anemometer.harness.elasticity;

import static dev.anemometer.harness.elasticity.SummarySteps.offset;
import static dev.anemometer.harness.elasticity.SummarySteps.states;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.deploy.local.Executables;
import dev.anemometer.harness.json.Json;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Elasticity and faults end to end on the local target: the real app jar, the real driver, HAProxy
 * and embedded PostgreSQL, a short item clock and long poll so that items sell and drains end
 * within the run. Skipped when the app jar, the driver's HTTP client or HAProxy is missing.
 */
@Tag("long")
class ElasticityIT {

  private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

  private static final List<String> SMALL =
      List.of(
          "--preset", "local",
          "--set", "strategy=interval",
          "--set", "appInstances[0].maxUsers=60",
          "--set", "appInstances[0].users=30",
          "--set", "appInstances[0].tiers.web.impl=none",
          "--set", "appInstances[0].tuning.app.heap=320m",
          "--set",
              "appInstances[0].tuning.app.properties={anemometer.live-auction.open-duration: 2s,"
                  + " anemometer.live-auction.last-call-duration: 2s,"
                  + " anemometer.live-auction.poll-timeout: 5s}",
          "--set", "elasticity.statsInterval=2s",
          "--set", "elasticity.drainTimeout=8s",
          "--set", "elasticity.warmUp=2s");

  @TempDir Path results;

  @BeforeAll
  static void requireTheStack() {
    assumeThat(jar(PROJECT.resolve("auction-app/target"), "auction-app-*-exec.jar"))
        .as("auction-app exec jar (./mvnw package)")
        .isNotNull();
    assumeThat(Executables.find("haproxy")).as("haproxy").isPresent();
    boolean nettyClient;
    try {
      Class.forName("dev.anemometer.driver.http.NettyHttpClient");
      nettyClient = true;
    } catch (ClassNotFoundException e) {
      nettyClient = false;
    }
    assumeThat(nettyClient).as("the driver's Netty HTTP client").isTrue();
    System.setProperty("anemometer.root", PROJECT.toString());
  }

  @Test
  void aRisingAndFallingLoadRunsOnOneThenThreeThenOneAppServersWithoutFailures() throws Exception {
    Map<String, Object> summary =
        run(
            "name=scale-1-3-1",
            "appInstances[0].tiers.app.instances=1",
            "appInstances[0].loadPath={type: interval, segments: [{type: ramp, from: 10, to: 30,"
                + " duration: 20s}, {type: uniform, users: 30, duration: 60s}, {type: ramp, from:"
                + " 30, to: 10, duration: 20s}]}",
            "elasticity.schedule=[{at: 10s, tier: app, instances: 3}, {at: 70s, tier: app,"
                + " instances: 1}]");

    assertThat(auditViolations(summary)).isZero();
    List<Map<String, Object>> changes = list(map(summary, "elasticity"), "changes");
    assertThat(changes).hasSize(2);
    assertThat(states(changes.get(0)))
        .contains("requested", "starting", "ready", "warmed-up", "in-lb", "done");
    assertThat(states(changes.get(1))).contains("requested", "draining", "drained", "stopped");
    assertThat(changes)
        .allSatisfy(c -> assertThat(((Number) c.get("failedOperations")).longValue()).isZero());
    assertThat(changes.get(0)).containsEntry("to", 3);
    printHeadlines("scale-1-3-1", summary);
    System.out.println(
        "ELASTICITY-FIGURES scale " + Json.pretty().writeValueAsString(summary.get("elasticity")));
  }

  /**
   * Every fault of the local target in one run with two app servers and the whole proxy chain (one
   * deployment instead of two keeps the suite short): an app server is SIGKILLed and stays gone,
   * PostgreSQL is restarted, then SIGKILLed (the harness starts it again), then HAProxy, then
   * nginx. Each recovers, costs what was in flight through it, and no acknowledged bid is lost
   * across any of them.
   */
  @Test
  void everyFaultRecoversCostsOnlyWhatWasInFlightAndLosesNoAcknowledgedBid() throws Exception {
    assumeThat(Executables.find("nginx")).as("nginx").isPresent();
    int users = 30;
    Map<String, Object> summary =
        run(
            "name=faults",
            "appInstances[0].tiers.app.instances=2",
            "appInstances[0].tiers.web.impl=nginx",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: "
                + users
                + ", duration: 135s}]}",
            "faults=[{at: 20s, kill: app, instance: 1}, {at: 45s, restart: db},"
                + " {at: 70s, kill: db}, {at: 95s, kill: lb}, {at: 115s, kill: web}]");

    assertThat(auditViolations(summary)).isZero();
    // Every bid acknowledged across the faults was checked, not just the database's invariants.
    assertThat(auditCount(summary, "acknowledgedBidsChecked")).isPositive();
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> faults = (List<Map<String, Object>>) summary.get("faults");
    assertThat(faults).hasSize(5);
    assertThat(faults).allSatisfy(f -> assertThat(f).containsEntry("recovered", true));
    assertThat(faults).allSatisfy(f -> assertThat(f).containsKey("recoveryMillis"));
    assertThat(faults)
        .extracting(f -> f.get("tier"))
        .containsExactly("app", "db", "db", "lb", "web");
    assertThat(faults)
        .extracting(f -> f.get("action"))
        .containsExactly("kill", "restart", "kill", "kill", "kill");
    // What was in flight through the faulty tier: a killed app server loses at most what HAProxy
    // had in flight on it (a request and a long poll per user at most); a killed proxy a request
    // and two long polls per user; the database's restart or crash fails what reaches the app
    // servers before their pools reconnect.
    assertThat(((Number) faults.get(0).get("failedOperations")).longValue())
        .as("failed by the app kill: %s", faults.get(0))
        .isLessThanOrEqualTo(((Number) faults.get(0).get("inFlightAtFault")).longValue());
    long[] limitsPerUser = {2, 6, 6, 3, 3};
    for (int i = 1; i < faults.size(); i++) {
      assertThat(((Number) faults.get(i).get("failedOperations")).longValue())
          .as("operations failed by fault %d: %s", i, faults.get(i))
          .isLessThanOrEqualTo(limitsPerUser[i] * users);
    }
    printHeadlines("faults", summary);
    System.out.println("ELASTICITY-FIGURES faults " + Json.pretty().writeValueAsString(faults));
  }

  /**
   * The reactive policy on CPU, not p99: at a few users an interval's p99 is the slowest of a
   * handful of requests and swung between 6 and 500 ms at 4 users on this shared 2-core host, no
   * lower than during a 60-user spike, so no p99 threshold tells them apart. The app servers' CPU
   * is summed over every request of the interval and follows the load. But a cold JVM's JIT bursts
   * push one quiet interval over the threshold now and then (a first run scaled up 4 s before the
   * spike), hence three intervals in a row. The thresholds sit between the two on a fast machine: a
   * 2-core VM with a CPU reference of 1.20 took 0.16 cores over the spike's window and 0.06 over
   * the first 20 s at 2 users, cold (a threshold of 0.2 never fired there; the scale-up fired at
   * 0.20 cores for the one server). Split over two servers the spike would be about 0.08 each (not
   * measured), above the 0.05 that scales down. The spike is 60 users, the data set's size, so that
   * no reload of the data is needed; the cool-down is short so that the tier comes back down soon
   * after the spike.
   */
  @Test
  void theReactivePolicyAddsAServerDuringASpikeAndRemovesItAfter() throws Exception {
    long spikeStartMillis = 20_000;
    long spikeEndMillis = 80_000;
    Map<String, Object> summary =
        run(
            "name=reactive",
            "appInstances[0].tiers.app.instances=1",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 2,"
                + " duration: 20s}, {type: uniform, users: 60, duration: 60s}, {type: uniform,"
                + " users: 2, duration: 40s}]}",
            "elasticity.reactive={min: 1, max: 2, cpuUp: 0.12, cpuDown: 0.05, coolDown: 20s,"
                + " sustainIntervals: 3}");

    assertThat(auditViolations(summary)).isZero();
    List<Map<String, Object>> changes = list(map(summary, "elasticity"), "changes");
    assertThat(changes).allSatisfy(c -> assertThat(c).containsEntry("trigger", "reactive"));
    // A quiet-phase pair (a cold JVM's first requests) would not break the test: what counts is
    // the scale-up the spike causes and the scale-down after it.
    Map<String, Object> up =
        changes.stream()
            .filter(c -> Integer.valueOf(2).equals(c.get("to")))
            .filter(c -> offset(c, "requested") >= spikeStartMillis)
            .findFirst()
            .orElseThrow(() -> new AssertionError("no scale-up during the spike: " + changes));
    assertThat(offset(up, "requested")).isLessThan(spikeEndMillis);
    assertThat(states(up)).contains("requested", "starting", "ready", "warmed-up", "in-lb", "done");
    Map<String, Object> down = changes.get(changes.size() - 1);
    assertThat(down).containsEntry("from", 2).containsEntry("to", 1);
    assertThat(offset(down, "requested")).isGreaterThan(offset(up, "done"));
    assertThat(states(down)).contains("requested", "draining", "drained", "stopped", "done");
    assertThat(changes)
        .allSatisfy(c -> assertThat(((Number) c.get("failedOperations")).longValue()).isZero());
    assertThat(elasticityEventStates())
        .contains("requested", "ready", "in-lb", "draining", "stopped");
    printHeadlines("reactive", summary);
  }

  /** Without HAProxy nginx balances the app servers: they join and leave by graceful reloads. */
  @Test
  void nginxBalancingDirectlyScalesOneThenTwoThenOneWithoutFailures() throws Exception {
    assumeThat(Executables.find("nginx")).as("nginx").isPresent();
    Map<String, Object> summary =
        run(
            "name=nginx-1-2-1",
            "appInstances[0].tiers.app.instances=1",
            "appInstances[0].tiers.lb.impl=none",
            "appInstances[0].tiers.web.impl=nginx",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 10,"
                + " duration: 65s}]}",
            "elasticity.schedule=[{at: 5s, tier: app, instances: 2}, {at: 45s, tier: app,"
                + " instances: 1}]");

    assertThat(auditViolations(summary)).isZero();
    List<Map<String, Object>> changes = list(map(summary, "elasticity"), "changes");
    assertThat(changes).hasSize(2);
    assertThat(states(changes.get(0))).contains("requested", "ready", "in-lb", "done");
    assertThat(states(changes.get(1))).contains("requested", "draining", "drained", "stopped");
    assertThat(changes)
        .allSatisfy(c -> assertThat(((Number) c.get("failedOperations")).longValue()).isZero());
    assertThat(elasticityEventStates())
        .contains("requested", "ready", "in-lb", "draining", "stopped");
    printHeadlines("nginx-1-2-1", summary);
  }

  /** One quotable line per figure, from the run's summary.json. */
  private static void printHeadlines(String test, Map<String, Object> summary) {
    @SuppressWarnings("unchecked")
    List<String> lines = (List<String>) map(summary, "elasticity").get("headlines");
    assertThat(lines).isNotEmpty();
    lines.forEach(line -> System.out.println("ELASTICITY-FIGURE " + test + ": " + line));
  }

  private List<String> elasticityEventStates() throws IOException {
    List<String> states = new ArrayList<>();
    for (String line : Files.readAllLines(runDir().resolve("events.jsonl"))) {
      @SuppressWarnings("unchecked")
      Map<String, Object> event = Json.pretty().readValue(line, Map.class);
      if ("elasticity".equals(event.get("type"))) {
        assertThat(event).containsKeys("time", "loadOffsetMillis");
        states.add((String) event.get("state"));
      }
    }
    return states;
  }

  private Path runDir() throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  private Map<String, Object> run(String... settings) throws IOException {
    List<String> args = new ArrayList<>(List.of("run", "--results", results.toString()));
    args.addAll(SMALL);
    for (String setting : settings) {
      args.add("--set");
      args.add(setting);
    }
    int exit = AnemometerCli.execute(args.toArray(String[]::new));
    assertThat(exit)
        .as(
            () ->
                "0 pass or 1 QoS not met; never a config or infrastructure error; the run's"
                    + " errors and failed steps: "
                    + whatWentWrong())
        .isIn(0, 1);
    Path run = runDir();
    assertThat(Files.readString(run.resolve("events.jsonl"))).contains("\"loadOffsetMillis\"");
    @SuppressWarnings("unchecked")
    Map<String, Object> summary =
        Json.pretty().readValue(Files.readString(run.resolve("summary.json")), Map.class);
    return summary;
  }

  /** The events that explain an infrastructure exit, so a failure on CI says which tier. */
  private String whatWentWrong() {
    try (Stream<String> lines = Files.lines(runDir().resolve("events.jsonl"))) {
      return lines
          .filter(l -> l.contains("\"error\"") || l.contains("tier-ended") || l.contains("failed"))
          .collect(Collectors.joining("\n"));
    } catch (IOException | RuntimeException e) {
      return "(no events: " + e + ")";
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Map<String, Object> parent, String key) {
    assertThat(parent).containsKey(key);
    return (Map<String, Object>) parent.get(key);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> list(Map<String, Object> parent, String key) {
    return (List<Map<String, Object>>) parent.get(key);
  }

  private static long auditViolations(Map<String, Object> summary) {
    return auditCount(summary, "violationCount");
  }

  @SuppressWarnings("unchecked")
  private static long auditCount(Map<String, Object> summary, String field) {
    Map<String, Object> audit = map(summary, "audit");
    return audit.values().stream()
        .mapToLong(a -> ((Number) ((Map<String, Object>) a).get(field)).longValue())
        .sum();
  }

  private static Path jar(Path dir, String glob) {
    if (!Files.isDirectory(dir)) {
      return null;
    }
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, glob)) {
      for (Path jar : jars) {
        return jar;
      }
      return null;
    } catch (IOException e) {
      return null;
    }
  }
}
