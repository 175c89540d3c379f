package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Defaults → preset → file → --set, each layer over the one before. */
class ConfigLayeringTest {

  @TempDir Path dir;

  private final ConfigLoader loader = new ConfigLoader();

  @Test
  void noFileAndNoPresetIsTheQuickstart() {
    AnemometerConfig config = loader.load(null, null, List.of());

    assertThat(config.preset()).isEqualTo("quickstart");
    assertThat(config.target()).isEqualTo(Target.LOCAL);
    assertThat(config.appInstances())
        .singleElement()
        .satisfies(
            instance -> {
              assertThat(instance.users()).isEqualTo(100);
              assertThat(instance.maxUsers()).isEqualTo(300);
              assertThat(instance.tiers().web().impl()).isEqualTo(WebImpl.AUTO);
              assertThat(instance.tiers().db().impl()).isEqualTo(DbImpl.EMBEDDED);
            });
    assertThat(config.qos().interval()).isEqualTo(Duration.ofSeconds(60));
    assertThat(config.qos().percentile()).isEqualTo(99); // from the built-in defaults
  }

  @Test
  void theFileOverridesThePresetAndSetOverridesTheFile() throws Exception {
    Path file =
        write(
            """
        name: layered
        preset: local
        appInstances:
          - users: 500
        qos: {warmUp: 90s}
        """);

    AnemometerConfig config =
        loader.load(file, null, List.of("appInstances[0].users=700", "qos.rampDown=1m"));

    AppInstanceSpec instance = config.appInstances().get(0);
    assertThat(config.name()).isEqualTo("layered");
    assertThat(instance.users()).as("--set over file").isEqualTo(700);
    assertThat(instance.maxUsers()).as("preset kept under the file's instance").isEqualTo(3000);
    assertThat(instance.tiers().app().instances()).as("preset").isEqualTo(2);
    assertThat(instance.tiers().lb().impl()).as("preset").isEqualTo(LbImpl.HAPROXY);
    assertThat(config.qos().warmUp()).as("file").isEqualTo(Duration.ofSeconds(90));
    assertThat(config.qos().rampDown()).as("--set").isEqualTo(Duration.ofMinutes(1));
    assertThat(config.qos().interval()).as("defaults").isEqualTo(Duration.ofMinutes(5));
  }

  @Test
  void thePresetOptionWinsOverTheFilesPreset() throws Exception {
    Path file = write("preset: local\n");

    AnemometerConfig config = loader.load(file, "small", List.of());

    assertThat(config.preset()).isEqualTo("small");
    assertThat(config.appInstances().get(0).tiers().app().instances()).isEqualTo(3);
  }

  @Test
  void setCanAddAnAppInstanceThatGetsTheInstanceDefaults() {
    AnemometerConfig config =
        loader.load(null, null, List.of("appInstances[1].users=50", "appInstances[1].maxUsers=60"));

    assertThat(config.appInstances()).hasSize(2);
    AppInstanceSpec second = config.appInstances().get(1);
    assertThat(second.users()).isEqualTo(50);
    assertThat(second.tiers().app().instances()).isEqualTo(1);
    assertThat(second.tiers().db().impl()).isEqualTo(DbImpl.EMBEDDED);
  }

  @Test
  void setReadsValuesAsYaml() {
    AnemometerConfig config =
        loader.load(
            null,
            null,
            List.of(
                "appInstances[0].tiers.web={impl: none, instances: 1}",
                "appInstances[0].tuning.postgres.sharedBuffers=30%",
                "appInstances[0].tuning.app.heap=2g"));

    AppInstanceSpec instance = config.appInstances().get(0);
    assertThat(instance.tiers().web().impl()).isEqualTo(WebImpl.NONE);
    assertThat(instance.tuning().postgres().sharedBuffers()).isEqualTo(Size.ofPercent(30));
    assertThat(instance.tuning().app().heap()).isEqualTo(Size.ofBytes(2L << 30));
  }

  @Test
  void setWithAMappingMergesIntoTheMappingThere() {
    AnemometerConfig config =
        loader.load(null, "local", List.of("qos={warmUp: 20s, interval: 40s}"));

    assertThat(config.qos().warmUp()).isEqualTo(Duration.ofSeconds(20));
    assertThat(config.qos().interval()).isEqualTo(Duration.ofSeconds(40));
    assertThat(config.qos().percentile()).as("kept").isEqualTo(99);
  }

  @Test
  void setRejectsMalformedAssignmentsNamingThem() {
    assertThatThrownBy(() -> loader.load(null, null, List.of("users")))
        .hasMessageStartingWith("--set users: expected key=value");
    assertThatThrownBy(() -> loader.load(null, null, List.of("appInstances[5].users=1")))
        .hasMessageContaining("index 5 is past the end of appInstances");
    assertThatThrownBy(() -> loader.load(null, null, List.of("appInstances[x].users=1")))
        .hasMessageContaining("'[x]' is not an index");
  }

  @Test
  void everyPresetResolvesAndValidates() {
    for (Presets.Preset preset : Presets.all()) {
      AnemometerConfig config = loader.load(null, preset.name(), List.of());
      assertThat(config.preset()).isEqualTo(preset.name());
      assertThat(config.appInstances()).isNotEmpty();
    }
    assertThat(loader.load(null, "local", List.of()).appInstances().get(0))
        .extracting(AppInstanceSpec::users, AppInstanceSpec::maxUsers)
        .containsExactly(1000, 3000);
    assertThat(loader.load(null, "xsmall", List.of()).appInstances().get(0).maxUsers())
        .isEqualTo(12000);
  }

  @Test
  void anUnknownPresetListsTheKnownOnes() {
    assertThatThrownBy(() -> loader.load(null, "huge", List.of()))
        .hasMessage("preset: 'huge' is not one of: quickstart, local, soak, micro, xsmall, small");
  }

  @Test
  void theResolvedConfigPrintsAsYamlThatLoadsBackTheSame() throws Exception {
    AnemometerConfig config =
        loader.load(
            null,
            "local",
            List.of(
                "strategy=interval",
                "appInstances[0].loadPath.segments=[{type: ramp, from: 10, to: 100, duration: 2m},"
                    + " {type: spike, base: 50, peak: 200, at: 30s, duration: 10s, total: 1m}]"));

    String yaml = ConfigLoader.toYaml(config);
    AnemometerConfig reloaded = loader.load(write(yaml), null, List.of());

    assertThat(yaml).contains("interval: 5m").contains("duration: 2m").doesNotContain("null");
    assertThat(reloaded).isEqualTo(config);
  }

  private Path write(String yaml) throws Exception {
    Path file = dir.resolve("config-" + System.nanoTime() + ".yaml");
    Files.writeString(file, yaml);
    return file;
  }
}
