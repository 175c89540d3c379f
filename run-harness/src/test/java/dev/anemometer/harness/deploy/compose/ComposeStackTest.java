package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigException;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploygen.RepoFiles;
import dev.anemometer.harness.deploygen.StackModel;
import dev.anemometer.harness.elasticity.ChangeSteps;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compose target's command sequence, with Compose played by {@link RecordingCompose} (this
 * machine has no Docker engine), and its generated project read by the real docker-compose.
 */
class ComposeStackTest {

  static final TuningCalculator TUNING =
      new TuningCalculator(StackModel.REFERENCE_NODE_MEMORY_BYTES);

  @TempDir Path temp;

  final Console console = new Console(new PrintStream(new ByteArrayOutputStream()), false);
  final List<URI> awaited = new ArrayList<>();
  FakeEngine engine;

  @BeforeEach
  void engine() throws Exception {
    engine = RecordingCompose.quietEngine();
  }

  @AfterEach
  void stopEngine() throws Exception {
    engine.close();
  }

  @Test
  void twoInstancesComeUpScaleCollectTheirLogsAndGoDownWithTheirVolumes() throws Exception {
    RecordingCompose compose = new RecordingCompose();
    ComposeStack stack = start(config("appInstances[1]={maxUsers: 300, users: 100}"), compose);

    assertThat(stack.instances())
        .extracting(i -> i.entryUrls().get(0).toString())
        .containsExactly("http://127.0.0.1:18080", "http://127.0.0.1:18081");
    assertThat(stack.instances())
        .extracting(i -> i.database().jdbcUrl())
        .containsExactly(
            "jdbc:postgresql://127.0.0.1:15432/anemometer",
            "jdbc:postgresql://127.0.0.1:15433/anemometer");
    assertThat(awaited)
        .as("the harness waits for the whole chain nginx → HAProxy → app of each instance")
        .containsExactly(
            URI.create("http://127.0.0.1:18080/actuator/health/readiness"),
            URI.create("http://127.0.0.1:18081/actuator/health/readiness"));

    List<String> steps = new ArrayList<>();
    ChangeSteps recorder =
        (state, details) -> steps.add(state + " " + new java.util.TreeMap<>(details));
    stack.scalableTiers().get(1).scaleTo(3, recorder);
    assertThat(stack.scalableTiers().get(1).instances()).isEqualTo(3);
    stack.collectLogs();
    stack.close();
    stack.close();

    assertThat(compose.subcommands())
        .containsExactly(
            "up -d --build postgres data-load app haproxy nginx",
            "up -d --build postgres data-load app haproxy nginx",
            "up -d --no-deps --no-recreate --scale app=3 app",
            "logs --no-color --timestamps",
            "logs --no-color --timestamps",
            "down -v --remove-orphans",
            "down -v --remove-orphans");
    assertThat(compose.commands().get(2))
        .as("the scale goes to instance 1's own project")
        .containsSequence("-p", "anemometer-run-1");
    assertThat(steps)
        .containsExactly(
            "starting {instances=1}",
            "started {containers=[]}",
            "ready {containers=[]}",
            "in-lb {containers=[], instances=3}");
    assertThat(temp.resolve("results/logs/anemometer-run-0-containers.log")).exists();
  }

  @Test
  void withoutHaproxyNginxIsReloadedToSeeNewAppContainers() throws Exception {
    RecordingCompose compose = new RecordingCompose();
    ComposeStack stack = start(config("appInstances[0].tiers.lb.impl=none"), compose);

    stack.scalableTiers().get(0).scaleTo(2, (state, details) -> {});
    stack.close();

    assertThat(compose.subcommands())
        .containsExactly(
            "up -d --build postgres data-load app nginx",
            "up -d --no-deps --no-recreate --scale app=2 app",
            "exec -T nginx nginx -s reload",
            "down -v --remove-orphans");
  }

  @Test
  void aFailedUpCollectsTheLogsAndTakesEveryProjectDown() {
    RecordingCompose compose =
        new RecordingCompose(
            c -> c.contains("up") && c.contains("-p") && c.get(c.indexOf("-p") + 1).endsWith("-1"));
    AnemometerConfig config = config("appInstances[1]={maxUsers: 300, users: 100}");

    assertThatThrownBy(() -> start(config, compose))
        .isInstanceOf(TierStartException.class)
        .hasMessageContaining("up -d --build")
        .hasMessageContaining("failed (exit 1)");
    assertThat(compose.subcommands())
        .containsSubsequence(
            "logs --no-color --timestamps", "down -v --remove-orphans", "down -v --remove-orphans");
  }

  @Test
  void anInstanceWithoutWebTierIsABadConfigurationNotAnEngineError() {
    assertThatThrownBy(
            () -> ComposeStack.requireWebTier(config("appInstances[0].tiers.web.impl=none")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("appInstances[0].tiers.web.impl: none is not supported");
  }

  @Test
  void generatedProjectPublishesItsPortsAndPasswordAsDockerComposeReadsIt() throws Exception {
    ComposeDeployment deployment =
        ComposeDeployment.prepare(
            config("appInstances[1]={maxUsers: 300, users: 100}"),
            TUNING,
            temp.resolve("results"),
            RepoFiles.root(),
            "run",
            new RecordingCompose().command(temp),
            RecordingCompose.quietEngine());
    ComposeDeployment.Project second = deployment.projects().get(1);

    RepoFiles.Result config =
        RepoFiles.run(
            List.of("docker-compose", "-f", "compose.yaml", "config"), second.directory());

    assertThat(config.exitCode()).as(config.output()).isZero();
    assertThat(config.output())
        .as(
            "nginx and PostgreSQL on 127.0.0.1 only (docker-compose v1 and v2 print it differently)")
        .containsPattern(
            "127\\.0\\.0\\.1:18081:8080|host_ip: 127\\.0\\.0\\.1\\s+published: \"?18081")
        .containsPattern(
            "127\\.0\\.0\\.1:15433:5432|host_ip: 127\\.0\\.0\\.1\\s+published: \"?15433")
        .contains("POSTGRES_PASSWORD: " + second.databasePassword());
    assertThat(second.databasePassword())
        .isNotEqualTo(deployment.projects().get(0).databasePassword())
        .hasSize(24);
  }

  @Test
  void theSavedEnvFileKeepsNoPasswordOnceTheProjectIsDown() throws Exception {
    ComposeDeployment deployment =
        ComposeDeployment.prepare(
            config(),
            TUNING,
            temp.resolve("results"),
            temp,
            "run",
            new RecordingCompose().command(temp),
            RecordingCompose.quietEngine());
    ComposeDeployment.Project project = deployment.projects().get(0);
    Path env = project.directory().resolve(".env");
    assertThat(env).content().contains("ANEMOMETER_DB_PASSWORD=" + project.databasePassword());

    deployment.close();

    assertThat(env)
        .content()
        .doesNotContain(project.databasePassword())
        .contains("ANEMOMETER_DB_PASSWORD=" + ComposeDeployment.MASK)
        .contains("ANEMOMETER_HTTP_PORT=18080");
  }

  private ComposeStack start(AnemometerConfig config, RecordingCompose compose) {
    ComposeStack.requireWebTier(config);
    ComposeDeployment deployment =
        ComposeDeployment.prepare(
            config, TUNING, temp.resolve("results"), temp, "run", compose.command(temp), engine);
    return ComposeStack.start(deployment, Duration.ofSeconds(8), awaited::add, console);
  }

  static AnemometerConfig config(String... assignments) {
    List<String> all = new ArrayList<>(List.of("target=compose"));
    all.addAll(List.of(assignments));
    return new ConfigLoader().load(null, "quickstart", all);
  }
}
