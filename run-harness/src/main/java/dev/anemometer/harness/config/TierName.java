package dev.anemometer.harness.config;

/** A tier that elasticity and fault schedules can act on. */
public enum TierName implements ConfigName {
  WEB("web"),
  LB("lb"),
  APP("app"),
  DB("db");

  private final String configName;

  TierName(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}
