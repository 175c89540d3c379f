package dev.anemometer.harness.config;

import java.util.List;

/** A configuration that cannot be used; every error names its path and what is accepted. */
public final class ConfigException extends RuntimeException {

  private final List<String> errors;

  public ConfigException(List<String> errors) {
    super(String.join("\n", errors));
    this.errors = List.copyOf(errors);
  }

  public ConfigException(String error) {
    this(List.of(error));
  }

  public List<String> errors() {
    return errors;
  }
}
