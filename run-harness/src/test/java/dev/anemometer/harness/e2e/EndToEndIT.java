package dev.anemometer.harness.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.harness.cli.AnemometerCli;
import dev.anemometer.harness.deploy.local.Executables;
import dev.anemometer.harness.support.ProjectJars;
import dev.anemometer.harness.support.TestProcesses;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole procedure with the real app jar, the real driver, nginx, HAProxy and PostgreSQL: the
 * local topology nginx → HAProxy → 2 app servers → PostgreSQL under a short fixed load, and a run
 * killed midway. Skipped when the app jar, the driver's HTTP client, nginx or HAProxy is missing.
 */
@Tag("long")
class EndToEndIT {

  /**
   * A short fixed load that still reaches the steady state SPEC §3.2's mix describes.
   *
   * <p>Every bid wakes the GetNextBid of every follower of its auction, so the GetNextBid share
   * depends on the followers per auction. The driver keeps them constant by letting users join only
   * round(users / 13) of the live auctions (behaviour key followers.usersPerAuction); the data has
   * maxUsers / 15 live auctions, so users ≤ 0.8 × maxUsers keep the mix with a margin. Users start
   * over a ramp close to a session's length (about 17 operations of 5 s), so that their sessions
   * are out of phase by the QoS period; the warm-up lets the followers of every user start. The
   * period is long enough for the rarest operations (2.2 %) to count in the hundreds.
   */
  private static final List<String> SHORT_LOCAL =
      List.of(
          "--preset", "local",
          "--set", "name=e2e",
          "--set", "appInstances[0].users=200",
          "--set", "appInstances[0].maxUsers=600",
          "--set", "appInstances[0].tuning.app.heap=384m",
          "--set", "qos={rampUp: 60s, warmUp: 60s, interval: 90s, qosPeriods: 1, rampDown: 5s}");

  /**
   * findMax with a ceiling the stack passes easily: initial steps of 50 users judged on response
   * times and failures, then one probe at the ceiling judged on everything.
   */
  private static final List<String> SHORT_FIND_MAX =
      List.of(
          "--preset", "local",
          "--set", "name=e2e-findmax",
          "--set", "strategy=findMax",
          "--set", "appInstances[0].maxUsers=300",
          "--set", "appInstances[0].tuning.app.heap=384m",
          "--set",
              "findMax={initialStep: 50, ceiling: 100, precision: 5, step: 20s, rampUp: 10s,"
                  + " warmUp: 30s, qosPeriod: 45s}",
          "--set", "qos={rampUp: 10s, warmUp: 30s, interval: 45s, qosPeriods: 1, rampDown: 5s}");

  @TempDir Path results;

  @BeforeAll
  static void requireTheWholeStack() {
    assumeThat(ProjectJars.appJar()).as("auction-app exec jar (./mvnw package)").isPresent();
    assumeThat(Executables.find("nginx")).as("nginx").isPresent();
    assumeThat(Executables.find("haproxy")).as("haproxy").isPresent();
    boolean nettyClient;
    try {
      Class.forName("dev.anemometer.driver.http.NettyHttpClient");
      nettyClient = true;
    } catch (ClassNotFoundException e) {
      nettyClient = false;
    }
    assumeThat(nettyClient).as("the driver's Netty HTTP client").isTrue();
    System.setProperty("anemometer.root", ProjectJars.PROJECT.toString());
  }

  @Test
  void theLocalTopologyRunsAFixedLoadAndPassesTheBidAudit() throws Exception {
    List<String> args = new ArrayList<>(List.of("run", "--results", results.toString()));
    args.addAll(SHORT_LOCAL);

    int exit = AnemometerCli.execute(args.toArray(String[]::new));

    Path run = onlyRunFolder();
    assertThat(exit)
        .as("QoS met and bid audit passed; the verdicts: %s", windowVerdicts(run))
        .isZero();
    String summary = Files.readString(run.resolve("summary.json"));
    assertThat(summary).contains("\"violationCount\" : 0").contains("\"load\"");
    assertThat(Files.readString(run.resolve("events.jsonl")))
        .contains("\"name\":\"deploy\"")
        .contains("\"name\":\"load\"")
        .contains("\"name\":\"audit\"")
        .contains("\"type\":\"window\"");
    try (Stream<Path> tuning = Files.list(run.resolve("tuning"))) {
      assertThat(tuning.map(p -> p.getFileName().toString()))
          .contains(
              "instance-0-nginx-0.conf",
              "instance-0-haproxy-0.cfg",
              "instance-0-app-0.properties",
              "instance-0-app-1.properties",
              "instance-0-postgres.conf");
    }
    assertThat(run.resolve("driver/summary.json")).exists();
    assertThat(results.resolve("results.csv")).exists();
    TestProcesses.awaitNoLeftovers();
  }

  @Test
  void aShortFindMaxWithALowCeilingFinishesWithAPeak() throws Exception {
    List<String> args = new ArrayList<>(List.of("run", "--results", results.toString()));
    args.addAll(SHORT_FIND_MAX);

    int exit = AnemometerCli.execute(args.toArray(String[]::new));

    Path run = onlyRunFolder();
    assertThat(exit).as("a peak was found; the verdicts: %s", windowVerdicts(run)).isZero();
    String summary = Files.readString(run.resolve("summary.json"));
    assertThat(summary).containsPattern("\"peakUsers\" : (5\\d|[6-9]\\d|100)[,\\s]");
    String windows = windowVerdicts(run);
    assertThat(windows).as("steps of 50 then a probe at the ceiling").contains("\"users\":50");
    assertThat(windows).contains("\"users\":100");
  }

  @Test
  void killingTheRunMidwayLeavesNoProcessBehind() throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                Executables.java().toString(),
                "-Danemometer.root=" + ProjectJars.PROJECT,
                "-jar",
                harnessJar().toString(),
                "run",
                "--results",
                results.toString()));
    command.addAll(SHORT_LOCAL);
    Process harness = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<ProcessHandle> tiers = new ArrayList<>();
    try (BufferedReader output =
        new BufferedReader(
            new InputStreamReader(harness.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = output.readLine()) != null) {
        if (line.contains("==> drive load")) {
          harness.toHandle().descendants().forEach(tiers::add);
          harness.destroy(); // SIGTERM, as a kill or a closing terminal would send
          break;
        }
      }
      assertThat(tiers).as("tiers were running when the run was killed").hasSizeGreaterThan(3);
    } finally {
      if (!harness.waitFor(120, TimeUnit.SECONDS)) {
        harness.destroyForcibly();
      }
    }
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(() -> assertThat(tiers).noneMatch(ProcessHandle::isAlive));
    assertThat(Files.readString(onlyRunFolder().resolve("summary.json"))).contains("INTERRUPTED");
  }

  /** The judged windows as the events file records them, for failure messages. */
  private static String windowVerdicts(Path run) throws IOException {
    Path events = run.resolve("events.jsonl");
    if (!Files.exists(events)) {
      return "(no events.jsonl)";
    }
    try (Stream<String> lines = Files.lines(events)) {
      return String.join("\n", lines.filter(line -> line.contains("\"type\":\"window\"")).toList());
    }
  }

  private Path onlyRunFolder() throws IOException {
    try (Stream<Path> runs = Files.list(results)) {
      return runs.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }

  private static Path harnessJar() {
    return ProjectJars.jar(
            ProjectJars.PROJECT.resolve("run-harness/target"), "run-harness-*-exec.jar")
        .orElseThrow();
  }
}
