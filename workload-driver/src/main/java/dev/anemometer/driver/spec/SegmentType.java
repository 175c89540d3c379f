package dev.anemometer.driver.spec;

import com.fasterxml.jackson.annotation.JsonValue;

/** The shapes of an interval load path's segments (SPEC §3.4), spelled as in files. */
public enum SegmentType {
  UNIFORM("uniform"),
  RAMP("ramp"),
  SINE("sine"),
  SPIKE("spike");

  private final String writtenName;

  SegmentType(String writtenName) {
    this.writtenName = writtenName;
  }

  /** How files spell it: {@code uniform}, {@code ramp}, {@code sine}, {@code spike}. */
  @JsonValue
  public String writtenName() {
    return writtenName;
  }

  @Override
  public String toString() {
    return writtenName;
  }
}
