package dev.anemometer.harness.deploy.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.driver.output.DriverSummary;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.drive.LoadDriver;
import dev.anemometer.harness.drive.LoadOutcome;
import dev.anemometer.harness.drive.LoadPaths;
import dev.anemometer.harness.run.Harness;
import dev.anemometer.harness.run.RunProcedure;
import dev.anemometer.harness.studies.StandardStudies;
import dev.anemometer.harness.support.TestPostgres;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole run on the compose target, through the run procedure: Compose is played by {@link
 * RecordingCompose} (no engine here), the load by a driver that waits for the scheduled scale-up,
 * and the bid audit reads a real PostgreSQL that stands in for the project's published one.
 */
class ComposeRunIT {

  @TempDir Path temp;

  final RecordingCompose compose = new RecordingCompose();

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
  void runGoesUpScalesAuditsCollectsAndGoesDownInTheOrderOfTheRunProcedure() throws Exception {
    TestPostgres.Database database = TestPostgres.withAuctionSchema();
    AnemometerConfig config =
        ComposeStackTest.config("elasticity.schedule=[{at: 1s, tier: app, instances: 2}]");

    RunProcedure.RunResult result =
        procedure(scaledLoad(), stack -> new AuditedElsewhere(stack, database))
            .execute(config, temp.resolve("results"));

    assertThat(result.summary().exitCode()).as(result.summary().message()).isZero();
    assertThat(compose.subcommands())
        .containsExactly(
            "up -d --build postgres data-load app haproxy nginx",
            "up -d --no-deps --no-recreate --scale app=2 app",
            "logs --no-color --timestamps",
            "down -v --remove-orphans");
    assertThat(result.dir().resolve("compose/instance-0/compose.yaml")).exists();
    assertThat(result.dir().resolve("logs/anemometer-quickstart-0-containers.log")).exists();
    assertThat(Files.readString(result.dir().resolve("events.jsonl")))
        .contains("\"elasticity\"")
        .contains("\"audit\"");
    assertThat(Files.readString(result.dir().resolve("summary.json")))
        .contains("\"outcome\" : \"PASSED\"")
        .contains("http://127.0.0.1:18080");
  }

  @Test
  void aLoadThatBreaksOffStillCollectsTheLogsAndTakesTheProjectDown() throws Exception {
    LoadDriver broken =
        plan -> {
          throw new TierStartException("the driver broke off: connection refused");
        };

    RunProcedure.RunResult result =
        procedure(broken, stack -> stack)
            .execute(ComposeStackTest.config(), temp.resolve("results"));

    assertThat(result.summary().exitCode()).isEqualTo(ExitCodes.INFRASTRUCTURE);
    assertThat(result.summary().message()).isEqualTo("the driver broke off: connection refused");
    assertThat(compose.subcommands())
        .containsExactly(
            "up -d --build postgres data-load app haproxy nginx",
            "logs --no-color --timestamps",
            "down -v --remove-orphans");
  }

  private RunProcedure procedure(
      LoadDriver driver, java.util.function.UnaryOperator<DeployedStack> wrap) {
    Console console = new Console(new PrintStream(new ByteArrayOutputStream()), false);
    Harness harness =
        new Harness(
            new LocalPaths(temp, temp), console, Clock.systemUTC(), ComposeStackTest.TUNING);
    return new RunProcedure(
        harness,
        driver,
        (config, results) ->
            wrap.apply(
                ComposeStack.start(
                    ComposeDeployment.prepare(
                        config,
                        ComposeStackTest.TUNING,
                        results.dir(),
                        temp,
                        config.name(),
                        compose.command(temp),
                        engine),
                    java.time.Duration.ofSeconds(8),
                    uri -> {},
                    console)),
        StandardStudies.of(temp, temp));
  }

  /** Starts the elasticity schedule as the driver would, and ends once the scale-up was made. */
  private LoadDriver scaledLoad() {
    return plan -> {
      var spec = LoadPaths.runSpec(plan.config(), plan.instances());
      plan.listeners().forEach(listener -> listener.onStart(spec));
      await("the scheduled scale-up reaching Compose")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(50))
          .until(() -> compose.subcommands().stream().anyMatch(c -> c.contains("--scale")));
      return new LoadOutcome(
          List.of(true),
          true,
          List.of(100),
          List.of(List.of()),
          new DriverSummary("compose", true, true, false, List.of()));
    };
  }

  /** The project's PostgreSQL is a test database here: the rest is the compose stack itself. */
  private record AuditedElsewhere(DeployedStack stack, TestPostgres.Database database)
      implements DeployedStack {

    @Override
    public List<DeployedInstance> instances() {
      return stack.instances();
    }

    @Override
    public Map<Integer, dev.anemometer.harness.elasticity.ScalableTier> scalableTiers() {
      return stack.scalableTiers();
    }

    @Override
    public Optional<DatabaseAccess> database(DeployedInstance instance) {
      return Optional.of(
          DatabaseAccess.direct(
              new DatabaseEndpoint(database.jdbcUrl(), database.user(), database.password())));
    }

    @Override
    public void collectLogs() {
      stack.collectLogs();
    }

    @Override
    public void close() {
      stack.close();
    }
  }
}
