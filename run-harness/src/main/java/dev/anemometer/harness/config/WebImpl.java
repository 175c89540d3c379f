package dev.anemometer.harness.config;

/**
 * The web tier. {@code auto} uses nginx when it is installed and skips the tier with a notice
 * otherwise; {@code nginx} insists on it.
 */
public enum WebImpl implements ConfigName {
  NGINX("nginx"),
  NONE("none"),
  AUTO("auto");

  private final String configName;

  WebImpl(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}
