package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each tier's {@code cpus}; its cores against a four-core machine whatever this one has. */
class TierCpusConfigTest {

  private final ConfigLoader loader = new ConfigLoader();

  @Test
  void eachTierNamesItsOwnCoresAndTheResolvedConfigKeepsThem() {
    AnemometerConfig config =
        loader.load(
            null,
            "local",
            List.of(
                "driver.cpus=3",
                "appInstances[0].tiers.db.cpus=0",
                "appInstances[0].tiers.app.cpus=1-2",
                "appInstances[0].tiers.lb.cpus=2",
                "appInstances[0].tiers.web.cpus=2"));

    TiersSpec tiers = config.appInstances().get(0).tiers();
    assertThat(tiers.cpusByTier())
        .containsExactly(
            java.util.Map.entry("web", CpuList.parse("2")),
            java.util.Map.entry("lb", CpuList.parse("2")),
            java.util.Map.entry("app", CpuList.parse("1,2")),
            java.util.Map.entry("db", CpuList.parse("0")));
    assertThat(ConfigLoader.toYaml(config)).contains("cpus: 1-2").contains("cpus: 0");
  }

  @Test
  void withoutTheKeyATierNamesNoCores() {
    AnemometerConfig config = loader.load(null, "local", List.of());

    assertThat(config.appInstances().get(0).tiers().cpusByTier()).isEmpty();
    assertThat(ConfigLoader.toYaml(config)).doesNotContain("cpus");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "appInstances[0].tiers.lb.cpus=x | appInstances[0].tiers.lb.cpus: 'x' is not a CPU list",
        "appInstances[0].tiers.web.cpus=3 | appInstances[0].tiers.web.cpus: cpu 3 is the driver's"
            + " (driver.cpus 3); a tier runs on the other cores",
      })
  void eachMistakeNamesItsKey(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () -> loader.load(null, "local", List.of("driver.cpus=3", assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).anySatisfy(message -> assertThat(message).startsWith(expected));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "appInstances[0].tiers.db.cpus=7 | appInstances[0].tiers.db.cpus: cpu 7 is not available"
            + " (this machine has 0-3)",
        "appInstances[0].tiers.app.cpus=2-5 | appInstances[0].tiers.app.cpus: cpus 4-5 are not"
            + " available (this machine has 0-3)",
      })
  void coresTheMachineLacksAreTheLocalTargetsToRefuse(String assignment, String expected) {
    AnemometerConfig config = loader.load(null, "local", List.of(assignment));

    assertThat(HostCpusCheck.errors(config, CpuList.parse("0-3")))
        .singleElement()
        .satisfies(message -> assertThat(message).startsWith(expected));
  }

  @Test
  void onlyTheLocalTargetAndTheEmbeddedDatabasePinCores() {
    ConfigException compose =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                loader.load(
                    null, "local", List.of("target=compose", "appInstances[0].tiers.app.cpus=1")));
    ConfigException systemDb =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                loader.load(
                    null,
                    "local",
                    List.of("appInstances[0].tiers.db={impl: postgres-system, cpus: 1}")));

    assertThat(compose.errors())
        .contains(
            "appInstances[0].tiers.app.cpus: only the local target pins cores; remove it for"
                + " target compose");
    assertThat(systemDb.errors())
        .anySatisfy(
            message ->
                assertThat(message)
                    .startsWith(
                        "appInstances[0].tiers.db.cpus: only the embedded PostgreSQL is started by"
                            + " the harness"));
  }
}
