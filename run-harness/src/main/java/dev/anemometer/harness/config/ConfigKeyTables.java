package dev.anemometer.harness.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The key tables of {@code docs/configuration.md}, rendered from {@link ConfigSchema}. Each table
 * sits between {@code <!-- config-keys: PATH -->} and {@code <!-- /config-keys -->}, PATH being a
 * section of the file ({@code .} for the top level, {@code appInstances[]}, {@code
 * appInstances[].tuning.nginx}). A section's table lists its keys; a mapping with no table of its
 * own is spelled out in its parent's ({@code tiers.web.impl}), one with a table is one row.
 */
public final class ConfigKeyTables {

  private static final Pattern TABLE =
      Pattern.compile(
          "(<!-- config-keys: (\\S+) -->\\n)(.*?)(<!-- /config-keys -->)", Pattern.DOTALL);

  private ConfigKeyTables() {}

  /** The reference with every marked table rendered again from {@code schema}. */
  public static String render(String markdown, JsonNode schema) {
    Set<String> sections = sections(markdown);
    Matcher table = TABLE.matcher(markdown);
    StringBuilder out = new StringBuilder();
    while (table.find()) {
      String section = table.group(2);
      String rendered = table(schema, section, sections);
      table.appendReplacement(
          out, Matcher.quoteReplacement(table.group(1) + rendered + table.group(4)));
    }
    table.appendTail(out);
    return out.toString();
  }

  /** The sections that have a table of their own. */
  public static Set<String> sections(String markdown) {
    Matcher table = TABLE.matcher(markdown);
    Set<String> sections = new LinkedHashSet<>();
    while (table.find()) {
      sections.add(table.group(2));
    }
    return sections;
  }

  /**
   * The lists of mappings that no table spells out ({@code faults[]}): a key added to such an entry
   * would otherwise have no row. Every other mapping is a table or rows of its parent's.
   */
  public static List<String> untabled(JsonNode schema, Set<String> sections) {
    List<String> missing = new ArrayList<>();
    for (String section : sections) {
      for (Row row : rows(schema, section, sections)) {
        String items = join(section, row.key()) + "[]";
        if (row.schema().path("items").has("properties") && !sections.contains(items)) {
          missing.add(items);
        }
      }
    }
    return missing;
  }

  static String table(JsonNode schema, String section, Set<String> sections) {
    StringBuilder table =
        new StringBuilder("| Key | Type | Default | Meaning |\n|---|---|---|---|\n");
    for (Row row : rows(schema, section, sections)) {
      table
          .append("| `")
          .append(row.key())
          .append("` | ")
          .append(type(row.schema()))
          .append(" | ")
          .append(cell(row.schema().path(ConfigSchema.DEFAULT_TEXT).asString("—")))
          .append(" | ")
          .append(cell(row.schema().path("description").asString("")))
          .append(" |\n");
    }
    return table.toString();
  }

  /** Text in a table cell: a bar would end the cell. */
  private static String cell(String text) {
    return text.replace("|", "\\|");
  }

  /** A key of a section's table, with its schema. */
  record Row(String key, JsonNode schema) {}

  static List<Row> rows(JsonNode schema, String section, Set<String> sections) {
    List<Row> rows = new ArrayList<>();
    collect(at(schema, section), section, "", sections, rows);
    return rows;
  }

  /** A mapping with no table of its own is spelled out key by key: {@code tiers.web.impl}. */
  private static void collect(
      JsonNode object, String section, String prefix, Set<String> sections, List<Row> rows) {
    for (Map.Entry<String, JsonNode> property : object.path("properties").properties()) {
      String key = prefix + property.getKey();
      JsonNode value = property.getValue();
      if (value.has("properties") && !sections.contains(join(section, key))) {
        collect(value, section, key + ".", sections, rows);
      } else {
        rows.add(new Row(key, value));
      }
    }
  }

  /** The object schema of a section: {@code appInstances[].tuning} → items, then properties. */
  static JsonNode at(JsonNode schema, String section) {
    JsonNode node = schema;
    if (section.equals(".")) {
      return node;
    }
    for (String part : section.split("\\.")) {
      boolean item = part.endsWith("[]");
      String name = item ? part.substring(0, part.length() - 2) : part;
      node = node.path("properties").path(name);
      if (item) {
        node = node.path("items");
      }
      if (node.isMissingNode()) {
        throw new IllegalArgumentException("no section " + section + " in the schema");
      }
    }
    return node;
  }

  private static String join(String section, String key) {
    return section.equals(".") ? key : section + "." + key;
  }

  /**
   * The type as a reader says it, with the range its record declares: {@code duration}, {@code one
   * of `a`, `b`}, {@code whole number, ≥ 1}, {@code list}.
   */
  static String type(JsonNode property) {
    String range = range(property);
    return range.isEmpty() ? kind(property) : kind(property) + ", " + range;
  }

  /** {@code > 0, ≤ 50} from the schema's bounds; empty where it states none. */
  private static String range(JsonNode property) {
    List<String> bounds = new ArrayList<>();
    String[][] words = {
      {"exclusiveMinimum", "> "}, {"minimum", "≥ "}, {"exclusiveMaximum", "< "}, {"maximum", "≤ "}
    };
    for (String[] word : words) {
      JsonNode bound = property.path(word[0]);
      if (bound.isNumber()) {
        bounds.add(word[1] + bound.decimalValue().stripTrailingZeros().toPlainString());
      }
    }
    if (property.path(ConfigSchema.RANGE_TEXT).isString()) {
      bounds.add(property.path(ConfigSchema.RANGE_TEXT).asString());
    }
    return String.join(", ", bounds);
  }

  private static String kind(JsonNode property) {
    if (property.has("enum")) {
      List<String> values = new ArrayList<>();
      property.path("enum").forEach(value -> values.add("`" + value.asString() + "`"));
      return "one of " + String.join(", ", values);
    }
    List<String> shapes = shapes(property);
    if (!shapes.isEmpty()) {
      return "mapping with `type`: " + String.join(", ", shapes);
    }
    if (property.has("anyOf")) {
      List<String> types = new ArrayList<>();
      property.path("anyOf").forEach(choice -> types.add(type(choice)));
      return String.join(" or ", types);
    }
    String format = property.path("format").asString("");
    switch (format) {
      case ConfigSchema.DURATION -> {
        return "duration";
      }
      case ConfigSchema.SIZE -> {
        return "size";
      }
      case ConfigSchema.CPU_LIST -> {
        return "CPU list";
      }
      default -> {
        // by its JSON type below
      }
    }
    JsonNode type = property.path("type");
    String name = type.isArray() ? type.get(0).asString() : type.asString("");
    return switch (name) {
      case "integer" -> "whole number";
      case "number" -> "number";
      case "boolean" -> "`true` or `false`";
      case "string" -> "text";
      case "array" -> "list of " + plural(type(property.path("items")));
      case "object" -> property.has("properties") ? "mapping" : "mapping of text";
      default -> "any";
    };
  }

  /** The {@code type} of each shape a sealed mapping takes (a load path's segments). */
  private static List<String> shapes(JsonNode property) {
    List<String> shapes = new ArrayList<>();
    for (JsonNode choice : property.path("anyOf")) {
      JsonNode type = choice.path("properties").path("type").path("const");
      if (!type.isString()) {
        return List.of();
      }
      shapes.add("`" + type.asString() + "`");
    }
    return shapes;
  }

  private static String plural(String type) {
    return switch (type) {
      case "mapping" -> "mappings";
      case "whole number" -> "whole numbers";
      case "any" -> "entries";
      default ->
          type.startsWith("one of")
              ? "values " + type
              : type.replace("mapping with `type`", "mappings with `type`");
    };
  }
}
