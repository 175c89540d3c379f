package dev.anemometer.harness.config;

import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Layering of configuration trees before binding: mappings merge key by key, {@code appInstances}
 * merges element by element (so that a file's first instance keeps the preset's tiers), every other
 * list is replaced as a whole.
 */
final class ConfigTree {

  static final String APP_INSTANCES = "appInstances";

  private ConfigTree() {}

  /** Returns {@code base} with {@code overlay} laid over it; neither argument is modified. */
  static JsonNode merge(JsonNode base, JsonNode overlay, String path) {
    if (overlay == null || overlay.isMissingNode()) {
      return base == null ? null : base.deepCopy();
    }
    if (base != null && base.isObject() && overlay.isObject()) {
      ObjectNode merged = ((ObjectNode) base).deepCopy();
      for (Map.Entry<String, JsonNode> entry : overlay.properties()) {
        String childPath = path.isEmpty() ? entry.getKey() : path + "." + entry.getKey();
        merged.set(entry.getKey(), merge(merged.get(entry.getKey()), entry.getValue(), childPath));
      }
      return merged;
    }
    if (base != null && base.isArray() && overlay.isArray() && path.equals(APP_INSTANCES)) {
      ArrayNode merged = JsonNodeFactory.instance.arrayNode();
      int size = Math.max(base.size(), overlay.size());
      for (int i = 0; i < size; i++) {
        JsonNode element = i < overlay.size() ? overlay.get(i) : null;
        merged.add(i < base.size() ? merge(base.get(i), element, path + "[]") : element);
      }
      // A file that lists fewer instances than its preset means fewer instances.
      while (merged.size() > overlay.size()) {
        merged.remove(merged.size() - 1);
      }
      return merged;
    }
    return overlay.deepCopy();
  }

  /**
   * Applies one {@code --set path=value}: dotted keys with list indexes ({@code
   * appInstances[0].tiers.app.instances=3}). The value is read as YAML, so {@code 3} is a number,
   * {@code 90s} a string and {@code {impl: none}} a mapping, which merges into the mapping there.
   */
  static void set(ObjectNode root, String assignment) {
    int equals = assignment.indexOf('=');
    if (equals <= 0) {
      throw new ConfigException(
          "--set " + assignment + ": expected key=value, e.g. appInstances[0].users=500");
    }
    String path = assignment.substring(0, equals).trim();
    JsonNode value = parseValue(assignment.substring(equals + 1));
    String[] keys = path.split("\\.");
    JsonNode current = root;
    for (int i = 0; i < keys.length; i++) {
      current = step(current, keys[i], i == keys.length - 1 ? value : null, path);
    }
  }

  private static JsonNode step(JsonNode parent, String key, JsonNode leafValue, String path) {
    String name = key;
    Integer index = null;
    int bracket = key.indexOf('[');
    if (bracket >= 0) {
      if (!key.endsWith("]")) {
        throw new ConfigException("--set " + path + ": '" + key + "' is not name or name[index]");
      }
      name = key.substring(0, bracket);
      index = parseIndex(key.substring(bracket + 1, key.length() - 1), path);
    }
    if (name.isEmpty() || !parent.isObject()) {
      throw new ConfigException("--set " + path + ": '" + key + "' does not name a key");
    }
    ObjectNode object = (ObjectNode) parent;
    if (index == null) {
      if (leafValue != null) {
        // A mapping merges into what is there, like a file layer; anything else replaces it.
        JsonNode merged = merge(object.get(name), leafValue, name);
        object.set(name, merged);
        return merged;
      }
      JsonNode child = object.get(name);
      return child != null && child.isObject() ? child : object.putObject(name);
    }
    JsonNode existing = object.get(name);
    ArrayNode array = existing != null && existing.isArray() ? (ArrayNode) existing : null;
    if (array == null) {
      array = object.putArray(name);
    }
    if (index > array.size()) {
      throw new ConfigException(
          "--set "
              + path
              + ": index "
              + index
              + " is past the end of "
              + name
              + " (it has "
              + array.size()
              + " entries; the next one is ["
              + array.size()
              + "])");
    }
    JsonNode element = leafValue != null ? leafValue : JsonNodeFactory.instance.objectNode();
    if (index == array.size()) {
      array.add(element);
    } else if (leafValue != null || !array.get(index).isObject()) {
      array.set(index, element);
    }
    return array.get(index);
  }

  private static int parseIndex(String text, String path) {
    try {
      int index = Integer.parseInt(text);
      if (index >= 0) {
        return index;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new ConfigException("--set " + path + ": '[" + text + "]' is not an index ≥ 0");
  }

  private static JsonNode parseValue(String text) {
    if (text.isBlank()) {
      return JsonNodeFactory.instance.stringNode(text);
    }
    try {
      JsonNode node = ConfigMapper.yaml().readTree(text);
      return node == null || node.isMissingNode()
          ? JsonNodeFactory.instance.stringNode(text)
          : node;
    } catch (JacksonException e) {
      return JsonNodeFactory.instance.stringNode(text);
    }
  }
}
