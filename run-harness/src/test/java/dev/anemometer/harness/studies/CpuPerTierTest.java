package dev.anemometer.harness.studies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.anemometer.driver.run.RunListener;
import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import dev.anemometer.harness.deploy.DeployedInstance;
import dev.anemometer.harness.deploy.DeployedStack;
import dev.anemometer.harness.deploy.DriverProcesses;
import dev.anemometer.harness.deploy.TargetCpu;
import dev.anemometer.harness.extension.RunContext;
import dev.anemometer.harness.results.ResultsDirectory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CPU per tier stops sampling when the load ends, also a load whose driver never finished. */
class CpuPerTierTest {

  private static final String SAMPLER = "anemometer-cpu-sampler";

  @TempDir Path temp;

  @Test
  void aLoadThatBrokeOffLeavesNoSamplerBehind() {
    AnemometerConfig config = new ConfigLoader().load(null, null, List.of());
    ResultsDirectory results = ResultsDirectory.create(temp, config.name(), Clock.systemUTC());
    Console console = new Console(new PrintStream(new ByteArrayOutputStream()), false);
    CpuPerTier cpu = new CpuPerTier(new RunContext(config, results, console));
    List<RunListener> listeners = cpu.duringLoad(stackWithTargetCpu(), new DriverProcesses());

    listeners.forEach(listener -> listener.onStart(null));
    assertThat(samplers()).isPositive();
    cpu.afterLoad(); // the driver broke off: no onFinish came

    await("the sampler's thread ending").atMost(Duration.ofSeconds(5)).until(() -> samplers() == 0);
  }

  private static long samplers() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().equals(SAMPLER) && thread.isAlive())
        .count();
  }

  private static DeployedStack stackWithTargetCpu() {
    return new DeployedStack() {
      @Override
      public List<DeployedInstance> instances() {
        return List.of();
      }

      @Override
      public Optional<TargetCpu> targetCpu() {
        return Optional.of(List::of);
      }

      @Override
      public void close() {}
    };
  }
}
