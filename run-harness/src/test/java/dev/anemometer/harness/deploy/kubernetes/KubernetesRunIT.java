package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.deploy.TargetWorkers;
import dev.anemometer.harness.deploy.TierExit;
import dev.anemometer.harness.deploy.TierProcess;
import dev.anemometer.harness.deploy.local.LocalDeployment;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.elasticity.FaultTarget;
import dev.anemometer.harness.elasticity.ScalableTier;
import dev.anemometer.harness.json.Json;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.studies.StandardStudies;
import dev.anemometer.harness.support.ProjectJars;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code run --target kubernetes} through the run procedure, each strategy once: the fabric8 mock
 * API server in CRUD mode holds what is applied, scaled and deleted, {@link ClusterKubelet} plays
 * the cluster with real worker JVMs as the driver's pods, and the tiers those workers load are a
 * real app server and PostgreSQL started here (one of each, a few dozen users). So the path from
 * the harness through the port-forwarded workers to merged results and the bid audit is the code a
 * cluster runs; only the pods' network is loopback.
 */
@EnableKubernetesMockClient(crud = true)
@Tag("long")
class KubernetesRunIT {

  static final TuningCalculator TUNING =
      new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);

  /** The mock server logs every request; the kubelet's watches and metrics make thousands. */
  static final java.util.logging.Logger MOCK_SERVER_LOG =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  static {
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
  }

  @TempDir static Path shared;

  static LocalDeployment tiers;

  KubernetesMockServer server;
  KubernetesClient client;

  @TempDir Path temp;

  final ByteArrayOutputStream consoleOutput = new ByteArrayOutputStream();

  /** The pods the last run's faults deleted. */
  List<String> deletedPods = List.of();

  /** The port-forwards the last run opened. */
  int forwards;

  /** The app server and database every run's workers load: the cluster's tiers, played here. */
  @BeforeAll
  static void startTheTiers() {
    assumeThat(ProjectJars.appJar()).as("auction-app exec jar (./mvnw package)").isPresent();
    System.setProperty("anemometer.root", ProjectJars.PROJECT.toString());
    Console console = new Console(System.out, false);
    Harness harness =
        new Harness(
            // Under target/, not a private temporary folder: PostgreSQL runs as nobody when the
            // tests run as root, and must reach its binaries and data there.
            new LocalPaths(ProjectJars.PROJECT, Path.of("target", "it-state").toAbsolutePath()),
            console,
            Clock.systemUTC(),
            TUNING);
    AnemometerConfig config =
        new ConfigLoader()
            .load(
                null,
                "quickstart",
                List.of(
                    "appInstances[0].maxUsers=100",
                    "appInstances[0].tiers.web.impl=none",
                    "appInstances[0].tiers.lb.impl=none",
                    "appInstances[0].tuning.app.heap=320m"));
    tiers =
        LocalDeployment.start(
            config,
            harness.paths(),
            new LocalDeployment.Output(shared.resolve("tuning"), shared.resolve("logs")),
            TUNING,
            (index, spec, database) ->
                harness
                    .dataCommands()
                    .prepare("instance-" + index, database, spec.maxUsers(), true),
            console);
  }

  @AfterAll
  static void stopTheTiers() {
    if (tiers != null) {
      tiers.close();
    }
  }

  @Test
  void aFixedRunDrivesTheWorkerPodsAndAuditsTheirBids() throws Exception {
    RunSummary summary =
        run(
            "fixed",
            "strategy=fixed",
            // Enough user-seconds that bids are placed: about one operation in twenty-five is a bid
            // once a user follows auctions.
            "appInstances[0].users=50",
            "qos.rampUp=5s",
            "qos.warmUp=5s",
            "qos.interval=40s",
            "qos.rampDown=2s");

    assertThat(summary.exitCode()).as(summary.message()).isIn(0, 1);
    JsonNode audit = audit();
    assertThat(audit.path("violationCount").asInt(-1)).isZero();
    assertThat(forwards).as("one port-forward per worker pod").isEqualTo(1);
    JsonNode app = tier(lastRun(), "app");
    assertThat(app.path("cores").asDouble())
        .as("CPU per tier from the metrics API, in the same table as a local run's: %s", app)
        .isCloseTo(1.5, within(0.2));
    assertThat(audit.path("acknowledgedBidsChecked").asInt())
        .as("the audit checked the bids the worker pods got acknowledged")
        .isPositive()
        .isEqualTo(
            Files.readAllLines(lastRun().resolve("driver/acknowledged-bids.csv")).size() - 1);
  }

  @Test
  void anIntervalSpikeWithAScaleUpAndAnAppPodDeletion() throws Exception {
    RunSummary summary =
        run(
            "interval",
            "strategy=interval",
            "appInstances[0].loadPath={type: interval, segments: [{type: uniform, users: 20,"
                + " duration: 15s}, {type: spike, base: 20, peak: 40, at: 5s, duration: 5s, total: 15s}]}",
            "elasticity.schedule=[{at: 5s, tier: app, instances: 2}]",
            "faults=[{at: 12s, kill: app, instance: 0}, {at: 20s, kill: db}]");

    assertThat(summary.exitCode()).as(summary.message()).isIn(0, 1);
    assertThat(audit().path("violationCount").asInt(-1)).isZero();
    String events = Files.readString(lastRun().resolve("events.jsonl"));
    assertThat(events).contains("\"elasticity\"").contains("\"killed\"").contains("\"pod\"");
    assertThat(deletedPods)
        .as("the app pod and the database's pod deleted, each replaced")
        .anyMatch(pod -> pod.startsWith("app-"))
        .contains("postgres-0");
  }

  /** The harness as a pod of the cluster: it names the workers rather than forwarding to them. */
  @Test
  void findMaxSearchesOnTheWorkerPodsReachedByName() throws Exception {
    RunSummary summary =
        run(
            "findmax",
            "strategy=findMax",
            "driver.pods.reach=cluster",
            "appInstances[0].maxUsers=100",
            "findMax={ceiling: 60, initialStep: 20, precision: 50, step: 10s, rampUp: 5s,"
                + " warmUp: 5s, qosPeriod: 10s, verifications: 0}");

    assertThat(summary.exitCode()).as(summary.message()).isIn(0, 1);
    assertThat(summary.load().targets())
        .singleElement()
        .satisfies(target -> assertThat(target.peakUsers()).isBetween(1, 60));
    assertThat(Files.readString(lastRun().resolve("events.jsonl")))
        .contains("driver-worker-0 in anemometer-");
    assertThat(forwards).as("no port-forward: the workers are reached by name").isZero();
  }

  private RunSummary run(String name, String... settings) throws Exception {
    Path resultsRoot = temp.resolve("results");
    RunSummary summary;
    try (ClusterKubelet kubelet = new ClusterKubelet(client, temp.resolve("pods"))) {
      List<String> all = new ArrayList<>(List.of("target=kubernetes", "name=" + name));
      all.addAll(List.of(settings));
      AnemometerConfig config = new ConfigLoader().load(null, "quickstart", all);
      RunProcedure.RunResult result = procedure(kubelet).execute(config, resultsRoot);
      deletedPods = kubelet.deletedPods();
      forwards = kubelet.forwards();
      summary = result.summary();
    }
    Path run = lastRun();
    for (String file :
        List.of(
            "summary.json",
            "report.html",
            "events.jsonl",
            "driver/intervals.jsonl",
            "driver/summary.json",
            "driver/acknowledged-bids.csv")) {
      assertThat(run.resolve(file)).as(file).exists();
    }
    assertThat(client.namespaces().list().getItems())
        .as("the run's namespaces are gone")
        .noneMatch(ns -> ns.getMetadata().getName().startsWith("anemometer-"));
    return summary;
  }

  /** The tier's row of the CPU table for instance-0's judged window. */
  private static JsonNode tier(Path run, String name) throws Exception {
    JsonNode cpu = Json.compact().readTree(run.resolve("summary.json").toFile()).path("cpu");
    for (JsonNode window : cpu.path("windows")) {
      for (JsonNode tier : window.path("tiers")) {
        if (tier.path("tier").asText().equals(name)) {
          return tier;
        }
      }
    }
    throw new AssertionError("no " + name + " row in " + cpu);
  }

  private JsonNode audit() throws Exception {
    return Json.compact()
        .readTree(lastRun().resolve("summary.json").toFile())
        .path("audit")
        .path("instance-0");
  }

  private Path lastRun() throws Exception {
    try (Stream<Path> runs = Files.list(temp.resolve("results"))) {
      return runs.filter(Files::isDirectory).max(Path::compareTo).orElseThrow();
    }
  }

  private RunProcedure procedure(ClusterKubelet kubelet) {
    Console console =
        new Console(new PrintStream(consoleOutput, true, StandardCharsets.UTF_8), false);
    Harness harness =
        new Harness(
            new LocalPaths(temp, temp.resolve("state")), console, Clock.systemUTC(), TUNING);
    KubernetesStack.Options options =
        new KubernetesStack.Options(null, null, Duration.ofSeconds(60), false);
    DeployedInstance served = tiers.instances().get(0);
    URI entry = served.entryUrls().get(0);
    return new RunProcedure(
        harness,
        RunProcedure.defaultDriver(),
        (config, results) ->
            new LocalDatabase(
                KubernetesStack.start(
                    client,
                    kubelet.network(entry),
                    false,
                    config,
                    TUNING,
                    results.dir(),
                    options,
                    console),
                served),
        StandardStudies.of(temp, temp.resolve("state")));
  }

  /**
   * The cluster's stack with the database the workers' bids went to, reached directly: the app
   * server played here writes to its own PostgreSQL, not to a pod behind the Secret's password.
   */
  private record LocalDatabase(KubernetesStack cluster, DeployedInstance served)
      implements DeployedStack {

    @Override
    public List<DeployedInstance> instances() {
      return cluster.instances();
    }

    @Override
    public Map<Integer, ScalableTier> scalableTiers() {
      return cluster.scalableTiers();
    }

    @Override
    public Map<Integer, FaultTarget> faultTargets() {
      return cluster.faultTargets();
    }

    @Override
    public Optional<TargetWorkers> openWorkers() {
      return cluster.openWorkers();
    }

    @Override
    public Optional<DatabaseAccess> database(DeployedInstance instance) {
      return Optional.of(DatabaseAccess.direct(served.database()));
    }

    @Override
    public Optional<Supplier<List<TierProcess>>> tierProcesses() {
      return cluster.tierProcesses();
    }

    @Override
    public Optional<TargetCpu> targetCpu() {
      return cluster.targetCpu();
    }

    @Override
    public void watchTiers(Consumer<TierExit> listener) {
      cluster.watchTiers(listener);
    }

    @Override
    public void collectLogs() {
      cluster.collectLogs();
    }

    @Override
    public void close() {
      cluster.close();
    }
  }
}
