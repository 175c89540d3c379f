package dev.anemometer.harness.json;

import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The JSON mapper of everything the harness writes: results, events, deployment files. */
public final class Json {

  private static final JsonMapper MAPPER =
      JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
  private static final JsonMapper LINES = JsonMapper.builder().build();

  private Json() {}

  public static JsonMapper pretty() {
    return MAPPER;
  }

  /** One object per line, for {@code events.jsonl}. */
  public static JsonMapper compact() {
    return LINES;
  }
}
