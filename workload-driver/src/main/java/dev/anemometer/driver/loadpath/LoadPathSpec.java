package dev.anemometer.driver.loadpath;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * How many users are active over time (SPEC §3.4), as the driver's run file writes it and the
 * driver runs it: its {@code type} ({@code fixed}, {@code interval} or {@code findMax}, required)
 * names the record, and each record checks its own fields and fills in the defaults of the keys
 * left out. Durations are read by {@link dev.anemometer.driver.syntax.DurationModule}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = FixedLoadPathSpec.class, name = "fixed"),
  @JsonSubTypes.Type(value = IntervalLoadPathSpec.class, name = "interval"),
  @JsonSubTypes.Type(value = FindMaxLoadPathSpec.class, name = "findMax")
})
public sealed interface LoadPathSpec
    permits FixedLoadPathSpec, IntervalLoadPathSpec, FindMaxLoadPathSpec {

  /** A fresh runtime for one run of this path. */
  LoadPathInstance newInstance();

  /** The most users the path may ask for: the users the data set and the driver must hold. */
  int mostUsers();
}
