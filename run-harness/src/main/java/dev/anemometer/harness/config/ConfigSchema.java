package dev.anemometer.harness.config;

import com.fasterxml.classmate.ResolvedType;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.TypeScope;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;
import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.syntax.ConfigDefault;
import dev.anemometer.driver.syntax.DurationSyntax;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of a configuration file, generated from its records: every key with its type,
 * accepted values, meaning ({@code @JsonPropertyDescription}) and default ({@link ConfigDefault}:
 * {@code default} when it is one value, {@value #DEFAULT_TEXT} as the reference says it). Editors
 * that read JSON Schema complete and check a run file with it; {@link ConfigKeyTables} renders the
 * reference's key tables from it, so that a key and its documentation are declared once, beside
 * each other.
 */
public final class ConfigSchema {

  /** Where the schema is kept in the project, for editors and for the golden test. */
  public static final String FILE = "docs/anemometer-config.schema.json";

  /** The custom {@code format} of text the harness parses: durations, sizes, CPU lists. */
  static final String DURATION = "duration-with-unit";

  static final String SIZE = "size";
  static final String CPU_LIST = "cpu-list";

  /** The keyword of a default as the reference says it (a value, a rule, a source). */
  static final String DEFAULT_TEXT = "x-default";

  /** The schema's keyword for a range JSON Schema cannot state (of a duration, of a size). */
  static final String RANGE_TEXT = "x-range";

  /** A default written as one value in backticks: {@code `30s`}, {@code `true`}. */
  private static final Pattern LITERAL = Pattern.compile("`([^`]+)`");

  private ConfigSchema() {}

  /** The schema of {@link AnemometerConfig}, with no references: every object is inline. */
  public static ObjectNode generate() {
    SchemaGeneratorConfigBuilder config =
        new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
            .with(new JacksonModule())
            // the single-key rules the records declare: @Min, @Positive … as bounds, @NotNull as
            // required
            .with(
                new JakartaValidationModule(JakartaValidationOption.NOT_NULLABLE_FIELD_IS_REQUIRED))
            .with(Option.INLINE_ALL_SCHEMAS, Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT)
            .without(Option.SCHEMA_VERSION_INDICATOR);
    config.forTypesInGeneral().withCustomDefinitionProvider(ConfigSchema::textValue);
    // The records' order, which reads from the general to the particular, not the alphabet's.
    config.forTypesInGeneral().withPropertySorter((first, second) -> 0);
    config.forTypesInGeneral().withTypeAttributeOverride(ConfigSchema::loadPathType);
    config.forFields().withDefaultResolver(ConfigSchema::literalDefault);
    config.forFields().withInstanceAttributeOverride(ConfigSchema::defaultText);
    config.forFields().withInstanceAttributeOverride(ConfigSchema::rangeText);
    ObjectNode schema = new SchemaGenerator(config.build()).generateSchema(AnemometerConfig.class);
    ObjectNode document = JsonNodeFactory.instance.objectNode();
    document.put("$schema", SchemaVersion.DRAFT_2020_12.getIdentifier());
    document.put("title", "Anemometer run configuration");
    document.setAll(schema);
    // Defaults are held as Java values until written: read back, they are JSON like the rest.
    return (ObjectNode) ConfigMapper.yaml().readTree(document.toString());
  }

  /**
   * The types a file writes as text or a bare scalar: durations, sizes, CPU lists, workers, the
   * enums as their configuration names, and text, which a bare number or boolean also is.
   */
  private static CustomDefinition textValue(ResolvedType type, SchemaGenerationContext context) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    Class<?> raw = type.getErasedType();
    ObjectNode definition = nodes.objectNode();
    if (raw == Duration.class) {
      definition.put("type", "string").put("format", DURATION).put("pattern", durationPattern());
    } else if (raw == Size.class) {
      definition.put("type", "string").put("format", SIZE).put("pattern", sizePattern());
    } else if (raw == CpuList.class) {
      definition.set("type", nodes.arrayNode().add("string").add("integer"));
      definition.put("format", CPU_LIST);
    } else if (raw == WorkersSpec.class) {
      ArrayNode anyOf = definition.putArray("anyOf");
      anyOf.addObject().put("type", "integer").put("minimum", 1);
      anyOf.addObject().put("type", "array").putObject("items").put("type", "string");
    } else if (raw.isEnum() && ConfigName.class.isAssignableFrom(raw)) {
      definition.put("type", "string");
      ArrayNode values = definition.putArray("enum");
      for (Object constant : raw.getEnumConstants()) {
        values.add(((ConfigName) constant).configName());
      }
    } else if (raw == String.class) {
      definition.set("type", scalarTypes());
    } else if (Map.class.isAssignableFrom(raw)) {
      definition.put("type", "object").putObject("additionalProperties").set("type", scalarTypes());
    } else {
      return null;
    }
    return new CustomDefinition(definition);
  }

  /**
   * A load path's {@code type}, which its record has no field for: the harness's load path is
   * always an interval one, and a file may still say so.
   */
  private static void loadPathType(
      ObjectNode definition, TypeScope scope, SchemaGenerationContext context) {
    if (scope.getType().getErasedType() != IntervalLoadPathSpec.class) {
      return;
    }
    ObjectNode type = JsonNodeFactory.instance.objectNode();
    type.put("type", "string").putArray("enum").add("interval");
    type.put(DEFAULT_TEXT, "`interval`");
    type.put("description", "the only load path written as segments");
    ObjectNode properties = (ObjectNode) definition.get("properties");
    ObjectNode ordered = JsonNodeFactory.instance.objectNode();
    ordered.set("type", type);
    ordered.setAll(properties);
    definition.set("properties", ordered);
  }

  /**
   * Text keys and the values of settings maps: the binding reads a bare number or boolean as its
   * text ({@code cpu: 2}, {@code random_page_cost: 1.1}), so the schema accepts them too.
   */
  private static ArrayNode scalarTypes() {
    return JsonNodeFactory.instance.arrayNode().add("string").add("number").add("boolean");
  }

  private static Object literalDefault(FieldScope field) {
    return literal(field).map(text -> typed(text, field.getType().getErasedType())).orElse(null);
  }

  /**
   * A one-value default as the key's own type holds it, or none when the text is no such value
   * ({@code `maxUsers`} on a number names another key): an editor that fills a default in must
   * write what the binding accepts.
   */
  private static Object typed(String text, Class<?> type) {
    if (Collection.class.isAssignableFrom(type)) {
      return text.equals("[]") ? List.of() : null;
    }
    if (Map.class.isAssignableFrom(type)) {
      return text.equals("{}") ? Map.of() : null;
    }
    if (type == boolean.class || type == Boolean.class) {
      return text.equals("true") || text.equals("false") ? Boolean.valueOf(text) : null;
    }
    if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
      if (text.matches("-?\\d+")) {
        return Long.parseLong(text);
      }
      return text.matches("-?\\d+\\.\\d+") ? Double.parseDouble(text) : null;
    }
    return text; // text, durations, sizes, CPU lists and enums are written as text
  }

  /**
   * Every default as the reference says it, in {@value #DEFAULT_TEXT}: the key tables show it,
   * editors ignore it.
   */
  private static void defaultText(
      ObjectNode property, FieldScope field, SchemaGenerationContext context) {
    defaultOf(field).ifPresent(text -> property.put(DEFAULT_TEXT, text));
  }

  /**
   * The range of a duration or size as its record declares it ({@code > 0}, {@code ≥ 1s, ≤ 10m}),
   * in {@value #RANGE_TEXT}: JSON Schema has no bounds for text, and the key tables show it.
   */
  private static void rangeText(
      ObjectNode property, FieldScope field, SchemaGenerationContext context) {
    List<String> bounds = new ArrayList<>();
    if (field.getAnnotation(PositiveDuration.class) != null) {
      bounds.add("> 0");
    }
    if (field.getAnnotation(NonNegativeDuration.class) != null) {
      bounds.add("≥ 0");
    }
    DurationMin least = field.getAnnotation(DurationMin.class);
    if (least != null) {
      bounds.add((least.inclusive() ? "≥ " : "> ") + DurationSyntax.format(duration(least)));
    }
    DurationMax most = field.getAnnotation(DurationMax.class);
    if (most != null) {
      bounds.add((most.inclusive() ? "≤ " : "< ") + DurationSyntax.format(duration(most)));
    }
    SizeRule size = field.getAnnotation(SizeRule.class);
    if (size != null) {
      String absolute = size.minBytes() > 1 ? "≥ " + (size.minBytes() >> 20) + "m" : "> 0";
      bounds.add(size.share() ? absolute + " or a share (0 %, 100 %]" : absolute + ", absolute");
    }
    if (!bounds.isEmpty()) {
      property.put(RANGE_TEXT, String.join(", ", bounds));
    }
  }

  private static Duration duration(DurationMin bound) {
    return duration(
        bound.days(),
        bound.hours(),
        bound.minutes(),
        bound.seconds(),
        bound.millis(),
        bound.nanos());
  }

  private static Duration duration(DurationMax bound) {
    return duration(
        bound.days(),
        bound.hours(),
        bound.minutes(),
        bound.seconds(),
        bound.millis(),
        bound.nanos());
  }

  private static Duration duration(
      long days, long hours, long minutes, long seconds, long millis, long nanos) {
    return Duration.ofDays(days)
        .plusHours(hours)
        .plusMinutes(minutes)
        .plusSeconds(seconds)
        .plusMillis(millis)
        .plusNanos(nanos);
  }

  private static Optional<String> defaultOf(FieldScope field) {
    ConfigDefault annotation = field.getAnnotationConsideringFieldAndGetter(ConfigDefault.class);
    return Optional.ofNullable(annotation).map(ConfigDefault::value);
  }

  private static Optional<String> literal(FieldScope field) {
    return defaultOf(field)
        .map(LITERAL::matcher)
        .filter(Matcher::matches)
        .map(matcher -> matcher.group(1));
  }

  /** {@code 250ms}, {@code 90s}, {@code 1.5h}: JSON Schema's patterns take no flags. */
  static String durationPattern() {
    return "^\\s*\\d+(\\.\\d+)?\\s*([mM][sS]|[sSmMhHdD])\\s*$";
  }

  /** {@code 512m}, {@code 2g}, {@code 64kb}, {@code 25%}, or bytes. */
  static String sizePattern() {
    return "^\\s*\\d+(\\.\\d+)?\\s*([kKmMgGtT][bB]?|[bB]|%)?\\s*$";
  }
}
