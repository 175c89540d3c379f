package dev.anemometer.driver.run;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.LoadPathSpec;

/**
 * One app instance to drive, with its own users and load path.
 *
 * @param id short stable name used in output and the control API (e.g. {@code app0})
 */
public record TargetSpec(String id, UsersConfig users, LoadPathSpec loadPath) {

  public TargetSpec {
    if (id == null || !id.matches("[A-Za-z0-9_.-]{1,64}")) {
      throw new IllegalArgumentException("target id: must be 1-64 of [A-Za-z0-9_.-], was " + id);
    }
  }
}
