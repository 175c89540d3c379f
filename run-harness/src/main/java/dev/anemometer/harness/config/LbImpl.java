package dev.anemometer.harness.config;

/**
 * The load-balancer tier. {@code auto} uses HAProxy when it is installed and skips the tier with a
 * notice otherwise; {@code haproxy} insists on it.
 */
public enum LbImpl implements ConfigName {
  HAPROXY("haproxy"),
  NONE("none"),
  AUTO("auto");

  private final String configName;

  LbImpl(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}
