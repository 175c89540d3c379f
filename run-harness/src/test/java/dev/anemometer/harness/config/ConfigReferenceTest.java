package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.syntax.DurationSyntax;
import dev.anemometer.harness.deploygen.RepoFiles;
import dev.anemometer.harness.tuning.TierTuning;
import dev.anemometer.harness.tuning.TuningCalculator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The configuration reference is what the records say: the committed schema and key tables equal
 * the rendered ones, every key has a meaning, and a default written as one value is the built-in
 * layer's.
 */
class ConfigReferenceTest {

  private static final String RENDER = "render them with: ./anemometer schema --write";

  @TempDir Path temp;

  @Test
  void theCommittedSchemaAndKeyTablesAreTheRenderedOnes() {
    assertThat(ConfigReference.stale(RepoFiles.root()))
        .as("differ from the configuration's records; " + RENDER)
        .isEmpty();
  }

  @Test
  void aKeyWhoseRowWasNotRenderedAgainFailsTheGoldenCheck() throws Exception {
    Path root = copyOfTheReference();
    Path markdown = root.resolve(ConfigReference.MARKDOWN);
    // A key renamed in a record, its row not rendered again, reads as the old name in the docs.
    Files.writeString(
        markdown, Files.readString(markdown).replace("| `usersPerPod` |", "| `usersPerNode` |"));

    assertThat(ConfigReference.stale(root)).containsExactly(ConfigReference.MARKDOWN);
    ConfigReference.write(root);
    assertThat(ConfigReference.stale(root)).isEmpty();
  }

  @Test
  void aKeyWithoutItsTableWouldBeFound() {
    ObjectNode schema = ConfigSchema.generate();
    Set<String> sections = ConfigKeyTables.sections(read(ConfigReference.MARKDOWN));
    assertThat(ConfigKeyTables.untabled(schema, sections)).isEmpty();

    Set<String> withoutFaults = new LinkedHashSet<>(sections);
    withoutFaults.remove("faults[]");
    assertThat(ConfigKeyTables.untabled(schema, withoutFaults)).containsExactly("faults[]");
  }

  @Test
  void aRangeTheRecordsDeclareShowsInTheTypeColumn() {
    JsonNode keys = ConfigSchema.generate().path("properties");
    JsonNode findMax = keys.path("findMax").path("properties");
    JsonNode soak = keys.path("soak").path("properties");

    assertThat(ConfigKeyTables.type(keys.path("repeat"))).isEqualTo("whole number, ≥ 1");
    assertThat(ConfigKeyTables.type(findMax.path("precision"))).isEqualTo("number, > 0, ≤ 50");
    assertThat(ConfigKeyTables.type(findMax.path("rampUp"))).isEqualTo("duration, ≥ 0");
    assertThat(ConfigKeyTables.type(soak.path("every"))).isEqualTo("duration, ≥ 1s, ≤ 10m");
  }

  @Test
  void everyKeyHasAMeaning() {
    ObjectNode schema = ConfigSchema.generate();
    Set<String> sections = ConfigKeyTables.sections(read(ConfigReference.MARKDOWN));
    List<String> silent = new ArrayList<>();
    for (String section : sections) {
      for (ConfigKeyTables.Row row : ConfigKeyTables.rows(schema, section, sections)) {
        if (row.schema().path("description").asString("").isBlank()) {
          silent.add(section + " " + row.key());
        }
      }
    }
    assertThat(silent).as("keys with no @JsonPropertyDescription").isEmpty();
  }

  @Test
  void aDefaultWrittenAsOneValueIsTheBuiltInLayers() {
    JsonNode builtIn = builtInLayer();
    List<String> checked = new ArrayList<>();
    List<String> differ = new ArrayList<>();
    compare(ConfigSchema.generate(), builtIn, "", checked, differ);
    assertThat(differ).as("@ConfigDefault against the built-in defaults").isEmpty();
    assertThat(checked).as("defaults compared").hasSizeGreaterThan(35);
  }

  @Test
  void theSchemasPatternsAcceptWhatTheParsersAccept() {
    for (String duration : List.of("250ms", "90s", "5m", "1h", "1.5h", " 2 s ", "3MS", "1d")) {
      DurationSyntax.parse(duration.trim());
      assertThat(duration).matches(ConfigSchema.durationPattern());
    }
    for (String notDuration : List.of("90", "s", "5 minutes", "-1s")) {
      assertThatThrownBy(() -> DurationSyntax.parse(notDuration));
      assertThat(notDuration).doesNotMatch(ConfigSchema.durationPattern());
    }
    for (String size : List.of("512m", "2g", "64kb", "25%", "1048576", "1.5G")) {
      Size.parse(size);
      assertThat(size).matches(ConfigSchema.sizePattern());
    }
    for (String notSize : List.of("m", "2 gigabytes", "-1g", "25 percent")) {
      assertThatThrownBy(() -> Size.parse(notSize));
      assertThat(notSize).doesNotMatch(ConfigSchema.sizePattern());
    }
  }

  /** Defaults that hold for every preset: the records' own, as an empty file binds them. */
  private static JsonNode builtInLayer() {
    ObjectNode empty = ConfigMapper.yaml().createObjectNode();
    ObjectNode root =
        ConfigMapper.yaml()
            .valueToTree(ConfigMapper.yaml().treeToValue(empty, AnemometerConfig.class));
    root.putArray("appInstances")
        .add(
            ConfigMapper.yaml()
                .valueToTree(ConfigMapper.yaml().treeToValue(empty, AppInstanceSpec.class)));
    ObjectNode driver = root.putObject("driver");
    driver.set("pods", ConfigMapper.yaml().valueToTree(DriverPods.DEFAULTS));
    driver.put("precedence", DriverSpec.SHARED.tiersBelowDriver());
    ObjectNode instance = (ObjectNode) root.path("appInstances").path(0);
    // The tuning the calculator gives a quickstart instance that sets none: keys named alike.
    TierTuning computed =
        new TuningCalculator(8L << 30).compute(new ConfigLoader().load(null, null, List.of()), 0);
    instance.set("tuning", ConfigMapper.yaml().valueToTree(computed));
    IntervalLoadPathSpec path =
        ConfigMapper.yaml()
            .readValue(
                "segments: [{type: uniform, users: 1, duration: 1s}]", IntervalLoadPathSpec.class);
    instance.putObject("loadPath").put("repeat", path.repeat());
    return root;
  }

  private static void compare(
      JsonNode schema, JsonNode layer, String path, List<String> checked, List<String> differ) {
    JsonNode object = schema.path("items").isObject() ? schema.path("items") : schema;
    JsonNode values = layer.isArray() ? layer.path(0) : layer;
    for (Map.Entry<String, JsonNode> property : object.path("properties").properties()) {
      String key = path + property.getKey();
      JsonNode value = values.path(property.getKey());
      JsonNode declared = property.getValue().path("default");
      if (!declared.isMissingNode() && value.isValueNode()) {
        checked.add(key);
        if (!same(declared, value, property.getValue().path("format").asString(""))) {
          differ.add(key + ": documented " + declared + ", built in " + value);
        }
      }
      compare(property.getValue(), value, key + ".", checked, differ);
    }
  }

  private static boolean same(JsonNode declared, JsonNode builtIn, String format) {
    String a = declared.asString();
    String b = builtIn.asString();
    if (format.equals(ConfigSchema.DURATION)) {
      return DurationSyntax.parse(a).equals(DurationSyntax.parse(b));
    }
    if (format.equals(ConfigSchema.SIZE)) {
      return Size.parse(a).equals(Size.parse(b));
    }
    if (declared.isNumber() || builtIn.isNumber()) {
      return new BigDecimal(a).compareTo(new BigDecimal(b)) == 0;
    }
    return a.equals(b);
  }

  private Path copyOfTheReference() throws Exception {
    Path docs = temp.resolve("docs");
    Files.createDirectories(docs);
    for (String path : List.of(ConfigReference.MARKDOWN, ConfigSchema.FILE)) {
      Files.copy(RepoFiles.root().resolve(path), temp.resolve(path));
    }
    return temp;
  }

  private static String read(String path) {
    try {
      return Files.readString(RepoFiles.root().resolve(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
