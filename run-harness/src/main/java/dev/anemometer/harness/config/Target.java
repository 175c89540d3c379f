package dev.anemometer.harness.config;

/** Where the tiers run (SPEC §4.3). */
public enum Target implements ConfigName {
  LOCAL("local"),
  COMPOSE("compose"),
  KUBERNETES("kubernetes");

  private final String configName;

  Target(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}
