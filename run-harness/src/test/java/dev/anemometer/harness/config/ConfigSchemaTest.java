package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.anemometer.harness.deploygen.RepoFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The generated schema says what the binding accepts: every preset, every resolved configuration
 * and the reference's example pass it, and input the binding refuses fails it too, so an editor
 * that checks a run file with it flags what a run would refuse and nothing else.
 */
class ConfigSchemaTest {

  private static final Schema SCHEMA =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(ConfigSchema.generate().toString());

  static List<String> presets() {
    return Presets.all().stream().map(Presets.Preset::name).toList();
  }

  @ParameterizedTest
  @MethodSource("presets")
  void everyPresetAndItsResolvedConfigurationPass(String preset) {
    assertThat(errors(Presets.resource("presets/" + preset + ".yaml"))).isEmpty();
    String resolved = ConfigLoader.toYaml(new ConfigLoader().load(null, preset, List.of()));
    assertThat(errors(ConfigMapper.yaml().readTree(resolved))).as(resolved).isEmpty();
  }

  @Test
  void theGettingStartedExamplePasses() throws Exception {
    String guide = Files.readString(RepoFiles.root().resolve("docs/getting-started.md"));
    Matcher example = Pattern.compile("```yaml\\n(name: .*?)```", Pattern.DOTALL).matcher(guide);
    assertThat(example.find()).isTrue();
    assertThat(errors(ConfigMapper.yaml().readTree(example.group(1)))).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{target: kubernetes, driver: {pods: {cpu: 2, cpuLimit: 2.5}}}",
        "{strategy: findMax, findMax: {maxPassHint: 250}}",
        "appInstances: [{tuning: {postgres: {settings: {random_page_cost: 1.1, jit: false}}}}]",
        "appInstances: [{tuning: {app: {properties: {anemometer.live-auction.open-duration: 5s}}}}]",
        "appInstances: [{loadPath: {type: interval, segments: [{type: uniform, users: 5,"
            + " duration: 10s}]}}]",
        "driver: {workers: ['127.0.0.1:7000']}"
      })
  void whatTheBindingAcceptsTheSchemaAccepts(String yaml) throws Exception {
    new ConfigLoader().load(write(yaml), "quickstart", List.of());
    assertThat(errors(ConfigMapper.yaml().readTree(yaml))).as(yaml).isEmpty();
  }

  @Test
  void aRunOnAClusterSavesAConfigurationThatPasses() {
    AnemometerConfig config =
        new ConfigLoader()
            .load(null, "micro", List.of("target=kubernetes", "driver.pods={cpu: 2, memory: 2g}"));
    String saved = ConfigLoader.toYaml(config);
    assertThat(errors(ConfigMapper.yaml().readTree(saved))).as(saved).isEmpty();
  }

  @Test
  void everyDefaultIsAValueOfItsKey() {
    List<String> wrong = new ArrayList<>();
    defaults(ConfigSchema.generate(), "", wrong);
    assertThat(wrong).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "strategy: fixd",
        "colour: blue",
        "qos: {interval: 90}",
        "qos: {interval: 5 minutes}",
        "appInstances: [{users: many}]",
        "appInstances: [{tiers: {web: {impl: apache}}}]",
        "appInstances: [{tuning: {app: {heap: 2 gigabytes}}}]",
        "faults: [{at: 10s, kill: disk}]",
        "driver: {workers: two}",
        "driver: {pods: {spread: sometimes}}",
        "appInstances: [{loadPath: {type: fixed, segments: []}}]",
        "appInstances: [{loadPath: {segments: [{type: uniform, users: 5, from: 1}]}}]",
        // ranges declared on the records, which the validation and the schema both read
        "repeat: 0",
        "appInstances: [{maxUsers: 0}]",
        "appInstances: [{tuning: {nginx: {workerProcesses: 0}}}]",
        "{strategy: findMax, findMax: {precision: 0}}",
        "{strategy: findMax, findMax: {precision: 51}}",
        "{strategy: findMax, findMax: {verifications: 11}}",
        "{strategy: findMax, findMax: {marginalBand: -1}}",
        "soak: {leakPercentPerHour: 0}",
        "soak: {driftMinMillis: -1}",
        "driver: {pods: {usersPerPod: 0}}",
        "faults: [{kill: app}]",
        "elasticity: {reactive: {max: 3, cpuUp: 1.5, min: 0}}"
      })
  void whatTheBindingRefusesTheSchemaRefuses(String yaml) {
    assertThat(errors(ConfigMapper.yaml().readTree(yaml))).as(yaml).isNotEmpty();
    assertThatThrownBy(() -> new ConfigLoader().load(write(yaml), "quickstart", List.of()))
        .as(yaml)
        .isInstanceOf(ConfigException.class);
  }

  /** Each key's {@code default} checked against the key's own schema, all the way down. */
  private static void defaults(JsonNode schema, String path, List<String> wrong) {
    JsonNode object = schema.path("items").isObject() ? schema.path("items") : schema;
    for (Map.Entry<String, JsonNode> property : object.path("properties").properties()) {
      String key = path + property.getKey();
      JsonNode declared = property.getValue().get("default");
      if (declared != null) {
        Schema own =
            SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(property.getValue().toString());
        if (!own.validate(declared).isEmpty()) {
          wrong.add(key + ": " + declared);
        }
      }
      defaults(property.getValue(), key + ".", wrong);
    }
  }

  private static List<Error> errors(JsonNode config) {
    return SCHEMA.validate(config);
  }

  private static Path write(String yaml) throws Exception {
    Path file = Files.createTempFile("schema-test", ".yaml");
    file.toFile().deleteOnExit();
    Files.writeString(file, yaml);
    return file;
  }
}
