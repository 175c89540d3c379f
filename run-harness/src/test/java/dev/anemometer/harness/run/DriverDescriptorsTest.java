package dev.anemometer.harness.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.anemometer.harness.config.AnemometerConfig;
import dev.anemometer.harness.config.ConfigLoader;
import dev.anemometer.harness.console.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class DriverDescriptorsTest {

  private final ConfigLoader loader = new ConfigLoader();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final Console console =
      new Console(new PrintStream(out, true, StandardCharsets.UTF_8), false);

  private AnemometerConfig config(String... settings) {
    List<String> all = new ArrayList<>(List.of("name=peak", "appInstances[0].maxUsers=9000"));
    all.addAll(List.of(settings));
    return loader.load(null, "local", all);
  }

  @Test
  void aSearchAboveWhatTheDriversDescriptorsHoldStopsBelowItAndSaysWhy() {
    AnemometerConfig search = config("strategy=findMax");
    assertThat(search.findMax().ceilingFor(9000)).isEqualTo(7200);

    AnemometerConfig resolved = DriverDescriptors.resolve(search, OptionalLong.of(20_000), console);

    // (20,000 − 300 reserved) / 4 connections per user.
    assertThat(resolved.findMax().ceilingFor(9000)).isEqualTo(4925);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("findMax ceiling lowered to 4925 users per instance")
        .contains("open-file limit (20000)");
  }

  @Test
  void workersOnThisHostEachBringTheirOwnDescriptors() {
    AnemometerConfig resolved =
        DriverDescriptors.resolve(
            config("strategy=findMax", "driver.workers=2"), OptionalLong.of(20_000), console);

    assertThat(resolved.findMax().ceilingFor(9000)).isEqualTo(7200);
    assertThat(out.size()).isZero();
  }

  @Test
  void twoInstancesShareTheInProcessDriversDescriptors() {
    AnemometerConfig two =
        config("strategy=findMax", "appInstances[1].maxUsers=9000", "appInstances[1].users=100");

    assertThat(DriverDescriptors.usersHeld(two, 20_000)).isEqualTo(2462);
  }

  @Test
  void aSearchWithinTheLimitAndTheOtherStrategiesAreLeftAlone() {
    AnemometerConfig within = config("strategy=findMax", "findMax.ceiling=3000");
    assertThat(DriverDescriptors.resolve(within, OptionalLong.of(20_000), console))
        .isSameAs(within);

    AnemometerConfig fixed = config("strategy=fixed", "appInstances[0].users=100");
    assertThat(DriverDescriptors.resolve(fixed, OptionalLong.of(1_024), console)).isSameAs(fixed);

    AnemometerConfig unknown = config("strategy=findMax");
    assertThat(DriverDescriptors.resolve(unknown, OptionalLong.empty(), console)).isSameAs(unknown);
    assertThat(out.size()).isZero();
  }

  /** A cluster runs the driver in its worker pods: this host's limit binds none of its users. */
  @Test
  void onlyATargetThatLeavesTheDriverOnThisHostAppliesThisHostsLimit() {
    TargetStacks targets = new TargetStacks(null, null);
    StackLauncher thisHost = (config, results) -> null;
    AnemometerConfig local = config("target=local");

    AnemometerConfig compose = config("target=compose");

    assertThat(targets.driverOpenFilesLimit(config("target=kubernetes"))).isEmpty();
    assertThat(targets.driverOpenFilesLimit(local)).isEqualTo(thisHost.driverOpenFilesLimit(local));
    assertThat(targets.driverOpenFilesLimit(compose))
        .isEqualTo(thisHost.driverOpenFilesLimit(compose));
  }
}
