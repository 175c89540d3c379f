package dev.anemometer.harness.config;

/** The shapes of an interval load path (SPEC §3.4). */
public enum SegmentType implements ConfigName {
  UNIFORM("uniform"),
  RAMP("ramp"),
  SINE("sine"),
  SPIKE("spike");

  private final String configName;

  SegmentType(String configName) {
    this.configName = configName;
  }

  @Override
  public String configName() {
    return configName;
  }
}
