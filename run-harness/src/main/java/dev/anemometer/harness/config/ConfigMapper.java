package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.anemometer.driver.syntax.DurationModule;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/** The one YAML mapper of configuration files: strict on unknown keys, durations with units. */
public final class ConfigMapper {

  private static final YAMLMapper MAPPER = build();

  private ConfigMapper() {}

  public static YAMLMapper yaml() {
    return MAPPER;
  }

  private static YAMLMapper build() {
    SimpleModule units = new SimpleModule("anemometer-units");
    units.addDeserializer(CpuList.class, new CpuListDeserializer());
    units.addDeserializer(WorkersSpec.class, new WorkersDeserializer());
    return YAMLMapper.builder()
        .addModule(new DurationModule())
        .addModule(units)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
        .changeDefaultPropertyInclusion(
            inclusion -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
        .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
        // A segment's shape is written as its `type` key, as users write it, not as a YAML tag.
        .disable(YAMLWriteFeature.USE_NATIVE_TYPE_ID)
        .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
        .build();
  }

  /** A CPU list is text ({@code 0-1}, {@code 2,3}) or, written bare, one CPU ({@code 1}). */
  private static final class CpuListDeserializer extends ValueDeserializer<CpuList> {
    @Override
    public CpuList deserialize(JsonParser parser, DeserializationContext context) {
      JsonToken token = parser.currentToken();
      if (token != JsonToken.VALUE_STRING && token != JsonToken.VALUE_NUMBER_INT) {
        return (CpuList) context.handleUnexpectedToken(String.class, parser);
      }
      return CpuList.parse(parser.getString());
    }
  }

  /**
   * Workers are a count ({@code 2}) or a list of {@code host:port}; each address is checked by the
   * validator, which names its index.
   */
  private static final class WorkersDeserializer extends ValueDeserializer<WorkersSpec> {
    @Override
    public WorkersSpec deserialize(JsonParser parser, DeserializationContext context) {
      JsonToken token = parser.currentToken();
      if (token == JsonToken.VALUE_NUMBER_INT) {
        return WorkersSpec.local(parser.getIntValue());
      }
      if (token != JsonToken.START_ARRAY) {
        throw new IllegalArgumentException("must be " + WorkersSpec.EXPECTED);
      }
      List<String> addresses = new ArrayList<>();
      for (token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
        if (!token.isScalarValue()) {
          throw new IllegalArgumentException(
              "must be " + WorkersSpec.EXPECTED + ", not a list of lists or mappings");
        }
        addresses.add(parser.getString());
      }
      return WorkersSpec.remote(addresses);
    }
  }
}
