package dev.anemometer.harness.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Resolves a configuration in the order of SPEC §4.2: built-in defaults → size preset → file →
 * {@code --set}; then binds it to records and validates it. The built-in defaults are the records'
 * own (each fills what no layer says when it binds), so each is declared once, beside its key.
 * Nothing starts before this succeeds.
 */
public final class ConfigLoader {

  static final String DEFAULT_PRESET = "quickstart";

  /**
   * @param file the YAML file, or null for none
   * @param preset the {@code --preset} option, or null to take the file's (else quickstart)
   * @param assignments the {@code --set key=value} options, applied in order
   */
  public AnemometerConfig load(Path file, String preset, List<String> assignments) {
    JsonNode fileTree = file == null ? null : readFile(file);
    String presetName = choosePreset(preset, fileTree, assignments);
    if (Presets.find(presetName).isEmpty()) {
      throw new ConfigException("preset: '" + presetName + "' is not one of: " + Presets.names());
    }
    // Under the preset lie the records' own defaults: what no layer says is filled when it binds.
    JsonNode tree = Presets.tree(presetName);
    tree = ConfigTree.merge(tree, fileTree, "");
    if (!tree.isObject()) {
      throw new ConfigException("configuration: expected a mapping of keys to values");
    }
    ObjectNode root = (ObjectNode) tree;
    root.put("preset", presetName);
    for (String assignment : assignments) {
      ConfigTree.set(root, assignment);
    }
    return new TolerantBinding().bind(root, new ConfigValidator()::validate);
  }

  /**
   * The resolved configuration as YAML, the form saved with results as {@code config.yaml}: write-
   * only fields left out, and every other secret (a URL's password, a property named like one)
   * masked.
   */
  public static String toYaml(AnemometerConfig config) {
    JsonNode tree = ConfigMapper.yaml().valueToTree(config);
    return ConfigMapper.yaml().writeValueAsString(SecretKeys.mask(tree));
  }

  private static String choosePreset(String option, JsonNode fileTree, List<String> assignments) {
    String chosen = null;
    for (String assignment : assignments) {
      if (assignment.startsWith("preset=")) {
        chosen = assignment.substring("preset=".length()).trim();
      }
    }
    if (option != null && !option.isBlank()) {
      chosen = option.trim();
    }
    if (chosen == null && fileTree != null && fileTree.hasNonNull("preset")) {
      chosen = fileTree.get("preset").asString();
    }
    return chosen == null ? DEFAULT_PRESET : chosen;
  }

  private static JsonNode readFile(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new ConfigException(file + ": no such file");
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read (" + e.getMessage() + ")");
    }
    try {
      JsonNode tree = ConfigMapper.yaml().readTree(text);
      if (tree == null || tree.isMissingNode() || tree.isNull()) {
        return null;
      }
      if (!tree.isObject()) {
        throw new ConfigException(file + ": expected a mapping of keys to values at the top");
      }
      return tree;
    } catch (JacksonException e) {
      throw new ConfigException(file + ": " + BindingErrors.describe(e));
    }
  }
}
