package dev.anemometer.harness.config;

/** How load is applied and judged (SPEC §4.6). */
public enum Strategy implements ConfigName {
  FIXED("fixed"),
  INTERVAL("interval"),
  FIND_MAX("findMax");

  private final String configName;

  Strategy(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}
