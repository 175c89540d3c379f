package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.driver.spec.ExitCodes;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DatabaseEndpoint;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.deploy.TierStartException;
import dev.anemometer.harness.deploy.local.LocalPaths;
import dev.anemometer.harness.drive.LoadDriver;
import dev.anemometer.harness.drive.LoadOutcome;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.extension.RunExtension;
import dev.anemometer.harness.platform.CpuSummary;
import dev.anemometer.harness.results.RunSummary;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's core with a stack and a load played here: it calls each extension's hooks at their
 * stage, in order, also when the deploy or the load breaks; the extension's listener hears the
 * load; its part of the summary reaches summary.json.
 */
class RunProcedureTest {

  @TempDir Path temp;

  private final List<String> calls = new CopyOnWriteArrayList<>();
  private final RunListener listener = new RunListener() {};

  @Test
  void everyHookRunsAtItsStageAndTheSummaryCarriesTheExtensionsPart() throws Exception {
    RunProcedure.RunResult result =
        procedure(stackThatServes(), loadThatPasses()).execute(config(), temp.resolve("results"));

    assertThat(calls)
        .containsExactly(
            "before-deploy",
            "deploy",
            "deployed",
            "during-load",
            "drive (heard by the extension)",
            "after-load",
            "stack closed",
            "after-stop");
    assertThat(result.summary().cpu().note()).isEqualTo("played by the test");
    assertThat(Files.readString(result.dir().resolve("summary.json")))
        .contains("played by the test");
  }

  @Test
  void aLoadThatBreaksOffStillStopsWhatWatchedIt() throws Exception {
    LoadDriver breaks =
        plan -> {
          calls.add("drive");
          throw new TierStartException("the driver broke off");
        };

    RunProcedure.RunResult result =
        procedure(stackThatServes(), breaks).execute(config(), temp.resolve("results"));

    assertThat(calls)
        .containsExactly(
            "before-deploy",
            "deploy",
            "deployed",
            "during-load",
            "drive",
            "after-load",
            "stack closed",
            "after-stop");
    assertThat(result.summary().exitCode()).isEqualTo(ExitCodes.INFRASTRUCTURE);
    assertThat(result.summary().message()).isEqualTo("the driver broke off");
    assertThat(result.summary().cpu().note()).isEqualTo("played by the test");
  }

  @Test
  void aDeployThatFailsSkipsTheLoadHooksButNotTheSummary() throws Exception {
    StackLauncher fails =
        (config, results) -> {
          calls.add("deploy");
          throw new TierStartException("nginx did not start");
        };

    RunProcedure.RunResult result =
        procedure(fails, loadThatPasses()).execute(config(), temp.resolve("results"));

    assertThat(calls).containsExactly("before-deploy", "deploy", "after-stop");
    assertThat(result.summary().outcome()).isEqualTo("ERROR");
    assertThat(result.summary().cpu().note()).isEqualTo("played by the test");
  }

  @Test
  void anExtensionThatFailsAfterTheStopIsAnInfrastructureErrorAndTheOthersStillRun()
      throws Exception {
    RunExtension failsAfterStop =
        new RunExtension() {
          @Override
          public void afterStop() {
            throw new IllegalStateException("the machine could not be measured");
          }
        };

    RunProcedure.RunResult result =
        procedure(stackThatServes(), loadThatPasses(), failsAfterStop)
            .execute(config(), temp.resolve("results"));

    assertThat(calls).endsWith("stack closed", "after-stop");
    assertThat(result.summary().outcome()).isEqualTo("ERROR");
    assertThat(result.summary().message()).isEqualTo("the machine could not be measured");
    assertThat(result.dir().resolve("summary.json")).exists();
  }

  @Test
  void anExtensionWhosePartFailsLeavesTheRestOfTheSummary() throws Exception {
    RunExtension failsItsPart =
        new RunExtension() {
          @Override
          public RunSummary summarize(RunSummary summary) {
            throw new IllegalStateException("no part");
          }
        };

    RunProcedure.RunResult result =
        procedure(stackThatServes(), loadThatPasses(), failsItsPart)
            .execute(config(), temp.resolve("results"));

    assertThat(result.summary().outcome()).isEqualTo("PASSED");
    assertThat(result.summary().cpu().note()).isEqualTo("played by the test");
    assertThat(Files.readString(result.dir().resolve("summary.json"))).contains("PASSED");
  }

  @Test
  void whenTheLoadBreaksOffEveryExtensionStopsAndTheirFailuresGoWithTheLoads() throws Exception {
    RunExtension failsToStop =
        new RunExtension() {
          @Override
          public void afterLoad() {
            throw new IllegalStateException("the sampler would not stop");
          }
        };
    LoadDriver breaks =
        plan -> {
          throw new TierStartException("the driver broke off");
        };

    RunProcedure.RunResult result =
        procedure(stackThatServes(), breaks, failsToStop)
            .execute(config(), temp.resolve("results"));

    assertThat(calls).contains("after-load");
    assertThat(result.summary().message()).isEqualTo("the driver broke off");
  }

  private RunProcedure procedure(
      StackLauncher launcher, LoadDriver driver, RunExtension... before) {
    Console console = new Console(new PrintStream(new ByteArrayOutputStream()), false);
    Harness harness =
        new Harness(
            new LocalPaths(temp, temp.resolve("state")),
            console,
            Clock.systemUTC(),
            new TuningCalculator(8L << 30));
    return new RunProcedure(
        harness,
        driver,
        launcher,
        run -> {
          List<RunExtension> riders = new java.util.ArrayList<>(List.of(before));
          riders.add(new Recording(run));
          return riders;
        });
  }

  private StackLauncher stackThatServes() {
    return (config, results) -> {
      calls.add("deploy");
      return new DeployedStack() {
        @Override
        public List<DeployedInstance> instances() {
          return List.of(
              new DeployedInstance(
                  0,
                  List.of(URI.create("http://127.0.0.1:1")),
                  new DatabaseEndpoint("jdbc:postgresql://127.0.0.1:1/none", "u", "p"),
                  List.of(),
                  List.of()));
        }

        @Override
        public Optional<DatabaseAccess> database(DeployedInstance instance) {
          return Optional.empty();
        }

        @Override
        public void close() {
          calls.add("stack closed");
        }
      };
    };
  }

  private LoadDriver loadThatPasses() {
    return plan -> {
      calls.add(
          plan.listeners().contains(listener)
              ? "drive (heard by the extension)"
              : "drive (unheard)");
      return new LoadOutcome(List.of(true), true, List.of(100), List.of(List.of()), null);
    };
  }

  private static AnemometerConfig config() {
    return new ConfigLoader().load(null, null, List.of("audit.allowUnreachable=true"));
  }

  /** Notes each hook as it runs and adds one part of its own to the summary. */
  private final class Recording implements RunExtension {

    Recording(RunContext run) {
      assertThat(run.results().dir()).isDirectory();
    }

    @Override
    public void beforeDeploy() {
      calls.add("before-deploy");
    }

    @Override
    public void deployed(DeployedStack stack) {
      calls.add("deployed");
    }

    @Override
    public List<RunListener> duringLoad(DeployedStack stack, DriverProcesses driver) {
      calls.add("during-load");
      return List.of(listener);
    }

    @Override
    public void afterLoad() {
      calls.add("after-load");
    }

    @Override
    public void afterStop() {
      calls.add("after-stop");
    }

    @Override
    public RunSummary summarize(RunSummary summary) {
      return summary.withCpu(CpuSummary.unavailable("played by the test"));
    }
  }
}
