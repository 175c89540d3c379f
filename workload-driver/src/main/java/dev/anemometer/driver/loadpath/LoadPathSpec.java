package dev.anemometer.driver.loadpath;

/** A parsed load path: how many users are active over time (SPEC §3.4). */
public sealed interface LoadPathSpec
    permits FixedLoadPathSpec, IntervalLoadPathSpec, FindMaxLoadPathSpec {

  /** A fresh runtime for one run of this path. */
  LoadPathInstance newInstance();
}
