package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonValue;

/** An enum constant as it is spelled in a configuration file ({@code findMax}, {@code nginx}). */
public interface ConfigName {

  @JsonValue
  String configName();

  /** Every spelling an enum accepts, for error messages. */
  static String acceptedValues(Class<?> enumType) {
    StringBuilder names = new StringBuilder();
    for (Object constant : enumType.getEnumConstants()) {
      if (!names.isEmpty()) {
        names.append(", ");
      }
      names.append(constant instanceof ConfigName named ? named.configName() : constant.toString());
    }
    return names.toString();
  }
}
