package dev.anemometer.harness.deploy.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.tuning.TuningCalculator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
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

/**
 * {@code run --target kubernetes} through the run procedure, against the fabric8 mock API server in
 * CRUD mode with {@link ClusterKubelet} playing the cluster: two instances, a scheduled scale-up of
 * the first, the second's driver failing QoS.
 */
@EnableKubernetesMockClient(crud = true)
class KubernetesRunTest {

  static final TuningCalculator TUNING =
      new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);

  static final Map<String, ClusterKubelet.Driver> DRIVERS =
      Map.of(
          "-0",
          new ClusterKubelet.Driver(
              summary("true", 100),
              true,
              2,
              Map.of(
                  "acknowledged-bids.csv",
                  "target,bid_id,item_id,bidder_id,amount,outcome\n"
                      + "app0,4500001,37,12,283.59,ACCEPTED_HIGH\n",
                  "intervals.jsonl",
                  "{\"target\":\"app0\",\"fromMillis\":0,\"toMillis\":10000,\"users\":100}\n")),
          "-1",
          new ClusterKubelet.Driver(summary("false", 50), false, 1, Map.of()));

  KubernetesMockServer server;
  KubernetesClient client;

  @TempDir Path temp;

  final ByteArrayOutputStream consoleOutput = new ByteArrayOutputStream();

  @Test
  void twoInstanceRunDrivesThroughTheControllerJobsScalesCollectsAndLeavesNoNamespace()
      throws Exception {
    RunProcedure.RunResult result;
    Map<String, List<String>> commands;
    try (ClusterKubelet kubelet = new ClusterKubelet(client, server, DRIVERS)) {
      result = procedure(false).execute(config(), temp.resolve("results"));
      commands = kubelet.controllerCommands();
    }

    assertThat(result.summary().exitCode())
        .as(result.summary().message())
        .isEqualTo(ExitCodes.QOS_FAILED);
    assertThat(result.summary().message())
        .as("the mock API server forwards no port: no database to audit, which fails the run")
        .startsWith("bid audit not run: database of instance-0, instance-1 not reachable");
    assertThat(result.summary().platform().afterRun())
        .as("the machine's reference figures taken again once the run ended")
        .isNotNull();
    assertThat(result.dir().resolve("platform.json")).content().contains("\"afterRun\"");
    String run = result.dir().getFileName().toString();
    String first = "anemometer-" + run + "-0";
    String second = "anemometer-" + run + "-1";
    assertThat(commands).containsOnlyKeys(first, second);
    assertThat(commands.get(first))
        .startsWith("sh", "-c")
        .containsSequence("--users", "100")
        .containsSequence("--target", "http://nginx:8080")
        .containsSequence("--ramp-up", "30s")
        .containsSequence("--duration", "1m")
        .containsSequence("--accounts", "1500");
    assertThat(commands.get(second)).containsSequence("--target", "http://nginx:8080");
    assertThat(String.join(" ", commands.get(first))).contains(ControllerJob.SUMMARY_MARKER);

    Path driver = result.dir().resolve("driver");
    assertThat(Files.readString(driver.resolve("summary.json")))
        .contains("\"id\" : \"instance-0\"")
        .contains("\"id\" : \"instance-1\"");
    assertThat(driver.resolve("instance-1/summary.json")).exists();
    assertThat(driver.resolve("acknowledged-bids.csv"))
        .as("the first controller's bids, handed back through its log")
        .content()
        .contains("instance-0,4500001,37,12,283.59,ACCEPTED_HIGH");
    assertThat(driver.resolve("intervals.jsonl")).content().contains("\"target\":\"instance-0\"");
    assertThat(
            Files.readString(
                result
                    .dir()
                    .resolve("logs")
                    .resolve(first)
                    .resolve("driver-controller-x1-controller.log")))
        .contains(ControllerJob.SUMMARY_MARKER);
    assertThat(result.dir().resolve("logs").resolve(second).resolve("events.txt")).exists();
    assertThat(
            Files.readString(
                result.dir().resolve("logs").resolve(first).resolve("deployments.yaml")))
        .as("the scale-up is in the collected Deployment")
        .contains("replicas: 2");
    String events = Files.readString(result.dir().resolve("events.jsonl"));
    assertThat(events).contains("\"elasticity\"").contains("\"ready\"").contains("audit-skipped");
    assertThat(Files.readString(result.dir().resolve("summary.json")))
        .contains("\"outcome\" : \"FAILED\"")
        .contains("http://nginx." + first + ".svc:8080");

    assertThat(client.namespaces().list().getItems())
        .noneMatch(ns -> ns.getMetadata().getName().startsWith("anemometer-"));
  }

  @Test
  void keepLeavesTheNamespacesAndSaysHowToRemoveThem() throws Exception {
    RunProcedure.RunResult result;
    try (ClusterKubelet kubelet = new ClusterKubelet(client, server, DRIVERS)) {
      result = procedure(true).execute(config(), temp.resolve("results"));
    }

    assertThat(new NamespaceTeardown(client).leftovers())
        .containsExactlyInAnyOrder(
            "anemometer-" + result.dir().getFileName() + "-0",
            "anemometer-" + result.dir().getFileName() + "-1");
    assertThat(consoleOutput.toString(StandardCharsets.UTF_8))
        .contains("remove them with ./anemometer teardown --kubernetes");
  }

  private RunProcedure procedure(boolean keep) {
    Console console =
        new Console(new PrintStream(consoleOutput, true, StandardCharsets.UTF_8), false);
    Harness harness = new Harness(new LocalPaths(temp, temp), console, Clock.systemUTC(), TUNING);
    KubernetesStack.Options options =
        new KubernetesStack.Options(null, null, Duration.ofSeconds(30), keep);
    return new RunProcedure(
        harness,
        plan -> {
          throw new AssertionError("the harness's own driver never runs on a cluster");
        },
        (config, results) ->
            KubernetesStack.start(client, false, config, TUNING, results.dir(), options, console));
  }

  private static AnemometerConfig config() {
    return new ConfigLoader()
        .load(
            null,
            "quickstart",
            List.of(
                "target=kubernetes",
                "appInstances[1]={maxUsers: 300, users: 50}",
                "elasticity.schedule=[{at: 1s, tier: app, instances: 2}]"));
  }

  private static String summary(String passed, int users) {
    return """
        {"name": "run", "passed": %s, "valid": true, "stopped": false,
         "targets": [{"id": "app0", "passed": %s, "valid": true, "peakUsers": null,
                      "windows": [{"index": 0, "users": %d}], "operations": []}]}
        """
        .formatted(passed, passed, users)
        .replace("\n", " ");
  }
}
