package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code driver} block; its cores against a two-core machine whatever this one has. */
class DriverConfigTest {

  private final ConfigLoader loader = new ConfigLoader();

  @Test
  void withoutTheBlockTheDriverSharesEveryCore() {
    AnemometerConfig config = loader.load(null, null, List.of());

    assertThat(config.driver().pinsCores()).isFalse();
    assertThat(config.driver().cpus()).isNull();
  }

  @Test
  void aNumberFromTheCommandLineIsACpuListAndTheResolvedConfigKeepsIt() {
    AnemometerConfig config = loader.load(null, null, List.of("driver.cpus=1"));

    assertThat(config.driver().cpus()).isEqualTo(CpuList.parse("1"));
    assertThat(ConfigLoader.toYaml(config)).contains("driver:\n  cpus: 1\n");
  }

  @Test
  void aRangeOrListInTheFileFormBindsToo() {
    assertThat(loader.load(null, null, List.of("driver={cpus: 2-3}")).driver().cpus())
        .isEqualTo(CpuList.parse("2,3"));
    assertThat(loader.load(null, null, List.of("driver.cpus=0,3")).driver().cpus().cpus())
        .containsExactly(0, 3);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "driver.cpus=1-    | driver.cpus: '1-' is not a CPU list such as 1, 0-1 or 2,3",
        "driver.cpus=3-1   | driver.cpus: '3-1': the range 3-1 runs backwards",
        "driver.cpus=[1]   | driver.cpus: expected a single value (text)",
        "driver.cores=1    | driver.cores: unknown key; accepted: cpus, pods, precedence, token, workers",
        "driver.precedence=maybe | driver.precedence: 'maybe' is not true or false",
        "driver=1          | driver: expected a mapping of keys to values"
      })
  void eachDriverErrorNamesItsKey(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class, () -> loader.load(null, null, List.of(assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).anySatisfy(message -> assertThat(message).startsWith(expected));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "driver.cpus=7     | driver.cpus: cpu 7 is not available (this machine has 0-1)",
        "driver.cpus=1-3   | driver.cpus: cpus 2-3 are not available (this machine has 0-1)",
        "driver.cpus=0-1   | driver.cpus: leaves no core for the tiers (this machine has 0-1"
      })
  void coresTheMachineLacksAreTheLocalTargetsToRefuseNotTheFiles(
      String assignment, String expected) {
    AnemometerConfig config = loader.load(null, null, List.of(assignment));

    assertThat(HostCpusCheck.errors(config, CpuList.parse("0-1")))
        .singleElement()
        .satisfies(message -> assertThat(message).startsWith(expected));
    assertThat(HostCpusCheck.errors(config, CpuList.parse("0-7"))).isEmpty();
  }

  @Test
  void onlyTheLocalTargetPinsCores() {
    for (String target : List.of("compose", "kubernetes")) {
      ConfigException error =
          catchThrowableOfType(
              ConfigException.class,
              () -> loader.load(null, null, List.of("target=" + target, "driver.cpus=1")));

      assertThat(error).as(target).isNotNull();
      assertThat(error.errors())
          .contains(
              "driver.cpus: only the local target pins cores; remove it for target " + target);
    }
  }

  @Test
  void theDriverComesFirstUnlessTheConfigSaysOtherwiseOnTheLocalAndComposeTargetsOnly() {
    assertThat(loader.load(null, null, List.of()).driver().tiersBelowDriver()).isTrue();
    assertThat(
            loader.load(null, null, List.of("driver.precedence=false")).driver().tiersBelowDriver())
        .isFalse();
    assertThat(
            loader
                .load(null, null, List.of("target=compose", "driver.precedence=false"))
                .driver()
                .tiersBelowDriver())
        .isFalse();

    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () -> loader.load(null, null, List.of("target=kubernetes", "driver.precedence=true")));
    assertThat(error.errors())
        .contains(
            "driver.precedence: the local and compose targets put the driver first on a shared"
                + " machine; remove it for target kubernetes");
  }

  @Test
  void withoutWorkersTheUsersRunInTheHarness() {
    AnemometerConfig config = loader.load(null, null, List.of());

    assertThat(config.driver().usesWorkers()).isFalse();
  }

  @Test
  void aNumberOfWorkersStartsThemOnThisHostAndTheResolvedConfigKeepsIt() {
    AnemometerConfig config = loader.load(null, null, List.of("driver.workers=2"));

    assertThat(config.driver().usesWorkers()).isTrue();
    assertThat(config.driver().workers().startsLocally()).isTrue();
    assertThat(config.driver().workers().size()).isEqualTo(2);
    assertThat(ConfigLoader.toYaml(config)).contains("driver:\n  workers: 2\n");
  }

  @Test
  void workersElsewhereAreAListOfHostAndPortWhoseTokenIsNeverWrittenBack() {
    AnemometerConfig config =
        loader.load(
            null,
            null,
            List.of(
                "driver={workers: [10.0.0.5:7000, 'driver-2.lab:7000', '[::1]:7001'],"
                    + " token: s3cret}"));

    assertThat(config.driver().workers().startsLocally()).isFalse();
    assertThat(config.driver().workers().addresses())
        .containsExactly("10.0.0.5:7000", "driver-2.lab:7000", "[::1]:7001");
    assertThat(config.driver().workersToken()).isEqualTo("s3cret");
    String saved = ConfigLoader.toYaml(config);
    assertThat(saved).contains("10.0.0.5:7000").doesNotContain("s3cret").doesNotContain("token");
  }

  @Test
  void workersGivenOnTheCommandLineAsAFlowListBindToo() {
    AnemometerConfig config =
        loader.load(null, null, List.of("driver.workers=[127.0.0.1:7000,127.0.0.1:7001]"));

    assertThat(config.driver().workers().addresses())
        .containsExactly("127.0.0.1:7000", "127.0.0.1:7001");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      value = {
        "driver.workers=0                  | driver.workers: must be ≥ 1 (or a list of host:port),"
            + " was 0",
        "driver.workers=-2                 | driver.workers: must be ≥ 1",
        "driver.workers=many               | driver.workers: must be a number of workers ≥ 1 or a"
            + " list of host:port",
        "driver.workers=[]                 | driver.workers: must list at least one host:port",
        "driver.workers=[a:1, b]           | driver.workers[1]: 'b' is not host:port",
        "driver.workers=[a:1, 'b:99999']   | driver.workers[1]: 'b:99999' is not host:port (port 1"
            + " to 65535)",
        "driver.workers=[a:1, a:1]         | driver.workers[1]: 'a:1' is listed twice",
        "driver.workers={a: 1}             | driver.workers: must be a number of workers ≥ 1 or a"
            + " list of host:port",
        "driver.workers=[[a:1]]            | driver.workers: must be a number of workers ≥ 1 or a"
            + " list of host:port, not a list of lists",
        "driver.token=t                    | driver.token: only used with driver.workers given as"
            + " host:port"
      })
  void eachWorkersErrorIsOneLineNamingItsPath(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class, () -> loader.load(null, null, List.of(assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).hasSize(1);
    assertThat(error.errors().get(0)).startsWith(expected).doesNotContain("\n");
  }

  @Test
  void theHarnessMakesTheTokenOfTheWorkersItStarts() {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () -> loader.load(null, null, List.of("driver={workers: 2, token: t}")));

    assertThat(error.errors())
        .containsExactly(
            "driver.token: only for workers given as host:port; the harness makes a token for the"
                + " workers it starts");
  }

  @Test
  void theKubernetesTargetRunsItsOwnDriverPods() {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () -> loader.load(null, null, List.of("target=kubernetes", "driver.workers=2")));

    assertThat(error.errors())
        .containsExactly(
            "driver.workers: the kubernetes target runs its own driver pods; remove it for target"
                + " kubernetes");
  }

  @Test
  void theWorkerPodsAreSizedAndSpreadAsTheConfigSays() {
    AnemometerConfig config =
        loader.load(
            null,
            "xsmall",
            List.of(
                "target=kubernetes",
                "driver.pods={usersPerPod: 300, cpu: 500m, cpuLimit: 1.5, memory: 768m,"
                    + " spread: required, reach: cluster}"));

    DriverPods pods = config.driver().podsOrDefaults();
    assertThat(pods.podsFor(1000)).isEqualTo(4);
    assertThat(pods.cpu()).isEqualTo("500m");
    assertThat(pods.memory().bytes()).isEqualTo(768L << 20);
    assertThat(pods.spread()).isEqualTo(DriverPods.Spread.REQUIRED);
    assertThat(pods.reach()).isEqualTo(DriverPods.Reach.CLUSTER);
    assertThat(DriverPods.DEFAULTS.reach()).isEqualTo(DriverPods.Reach.FORWARD);
    assertThat(DriverPods.DEFAULTS.podsFor(2000)).isEqualTo(2);
    assertThat(DriverPods.DEFAULTS.podsFor(0)).as("one worker at least").isEqualTo(1);
  }

  @Test
  void badWorkerPodSettingsAreEachNamedAndOnlyTheClusterTakesThem() {
    ConfigException bad =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                loader.load(
                    null,
                    null,
                    List.of(
                        "target=kubernetes",
                        "driver.pods={usersPerPod: 0, cpu: lots, cpuLimit: 0, memory: 25%}")));
    ConfigException order =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                loader.load(
                    null, null, List.of("target=kubernetes", "driver.pods={cpu: 2, cpuLimit: 1}")));
    ConfigException spread =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                loader.load(
                    null, null, List.of("target=kubernetes", "driver.pods={spread: sideways}")));
    ConfigException local =
        catchThrowableOfType(
            ConfigException.class,
            () -> loader.load(null, null, List.of("driver.pods={usersPerPod: 500}")));

    assertThat(bad.errors())
        .containsExactly(
            "driver.pods.memory: must be a size of at least 64m, such as 1g (got 25%)",
            "driver.pods.usersPerPod: must be ≥ 1 (got 0)",
            "driver.pods.cpu: 'lots' is not a CPU quantity > 0 such as 1, 0.5 or 500m",
            "driver.pods.cpuLimit: '0' is not a CPU quantity > 0 such as 1, 0.5 or 500m");
    assertThat(order.errors())
        .containsExactly("driver.pods.cpu: 2 is above cpuLimit 1 (a request must fit its limit)");
    assertThat(spread.getMessage()).contains("driver.pods.spread").contains("sideways");
    assertThat(local.errors())
        .containsExactly(
            "driver.pods: only the kubernetes target runs the driver as pods; remove it for target"
                + " local");
  }

  @Test
  void theComposeTargetTakesWorkersToo() {
    AnemometerConfig config =
        loader.load(null, null, List.of("target=compose", "driver.workers=2"));

    assertThat(config.driver().workers().size()).isEqualTo(2);
  }

  @Test
  void aWorkersMistakeIsReportedWithTheOtherMistakesOfTheFile() {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () -> loader.load(null, null, List.of("driver.workers=many", "qos.qosPeriods=0")));

    assertThat(error.errors())
        .hasSize(2)
        .anySatisfy(message -> assertThat(message).startsWith("driver.workers: must be"))
        .anySatisfy(message -> assertThat(message).startsWith("qos.qosPeriods: must be ≥ 1"));
  }
}
