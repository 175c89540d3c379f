package dev.anemometer.driver.syntax;

import java.time.Duration;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * Durations in files as {@link DurationSyntax} spells them ({@code 90s}, {@code 250ms}), for every
 * mapper that reads or writes a configuration: the driver's run file and the harness's
 * configuration bind the same load-path types with it.
 */
public final class DurationModule extends SimpleModule {

  public DurationModule() {
    super("anemometer-durations");
    addDeserializer(Duration.class, new Reader());
    addSerializer(Duration.class, new Writer());
  }

  private static final class Reader extends ValueDeserializer<Duration> {
    @Override
    public Duration deserialize(JsonParser parser, DeserializationContext context) {
      if (parser.currentToken() != JsonToken.VALUE_STRING) {
        // A bare number has no unit: refuse it rather than guess seconds or milliseconds.
        return (Duration)
            context.handleWeirdStringValue(
                Duration.class, parser.getString(), "is not " + DurationSyntax.EXPECTED);
      }
      String text = parser.getString();
      return DurationSyntax.tryParse(text)
          .orElseGet(
              () ->
                  (Duration)
                      context.handleWeirdStringValue(
                          Duration.class, text, "is not " + DurationSyntax.EXPECTED));
    }
  }

  private static final class Writer extends ValueSerializer<Duration> {
    @Override
    public void serialize(Duration value, JsonGenerator generator, SerializationContext context) {
      generator.writeString(DurationSyntax.format(value));
    }
  }
}
