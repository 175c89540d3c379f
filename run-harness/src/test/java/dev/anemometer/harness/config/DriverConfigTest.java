package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code driver} block, validated against a two-core machine whatever this one has. */
class DriverConfigTest {

  private final ConfigLoader twoCores = new ConfigLoader(CpuList.parse("0-1"));

  @Test
  void withoutTheBlockTheDriverSharesEveryCore() {
    AnemometerConfig config = twoCores.load(null, null, List.of());

    assertThat(config.driver().pinsCores()).isFalse();
    assertThat(config.driver().cpus()).isNull();
  }

  @Test
  void aNumberFromTheCommandLineIsACpuListAndTheResolvedConfigKeepsIt() {
    AnemometerConfig config = twoCores.load(null, null, List.of("driver.cpus=1"));

    assertThat(config.driver().cpus()).isEqualTo(CpuList.parse("1"));
    assertThat(ConfigLoader.toYaml(config)).contains("driver:\n  cpus: 1\n");
  }

  @Test
  void aRangeOrListInTheFileFormBindsToo() {
    ConfigLoader fourCores = new ConfigLoader(CpuList.parse("0-3"));

    assertThat(fourCores.load(null, null, List.of("driver={cpus: 2-3}")).driver().cpus())
        .isEqualTo(CpuList.parse("2,3"));
    assertThat(fourCores.load(null, null, List.of("driver.cpus=0,3")).driver().cpus().cpus())
        .containsExactly(0, 3);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "driver.cpus=7     | driver.cpus: cpu 7 is not available (this machine has 0-1)",
        "driver.cpus=1-3   | driver.cpus: cpus 2-3 are not available (this machine has 0-1)",
        "driver.cpus=0-1   | driver.cpus: leaves no core for the tiers (this machine has 0-1",
        "driver.cpus=1-    | driver.cpus: '1-' is not a CPU list such as 1, 0-1 or 2,3",
        "driver.cpus=3-1   | driver.cpus: '3-1': the range 3-1 runs backwards",
        "driver.cpus=[1]   | driver.cpus: expected a single value (text)",
        "driver.cores=1    | driver.cores: unknown key; accepted: cpus",
        "driver=1          | driver: expected a mapping of keys to values"
      })
  void eachDriverErrorNamesItsKey(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class, () -> twoCores.load(null, null, List.of(assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).anySatisfy(message -> assertThat(message).startsWith(expected));
  }

  @Test
  void onlyTheLocalTargetPinsCores() {
    for (String target : List.of("compose", "kubernetes")) {
      ConfigException error =
          catchThrowableOfType(
              ConfigException.class,
              () -> twoCores.load(null, null, List.of("target=" + target, "driver.cpus=1")));

      assertThat(error).as(target).isNotNull();
      assertThat(error.errors())
          .contains(
              "driver.cpus: only the local target pins cores; remove it for target " + target);
    }
  }
}
