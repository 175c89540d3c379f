package dev.anemometer.harness.config;

import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.loadpath.SegmentSpec;
import java.util.List;

/**
 * Checks an interval load path as a whole: it has segments, and none asks for more users than the
 * instance has. Each segment checked its own fields when it was bound ({@link SegmentSpec}).
 */
final class LoadPathValidator {

  private final List<String> errors;

  LoadPathValidator(List<String> errors) {
    this.errors = errors;
  }

  void validate(AppInstanceSpec instance, String path) {
    IntervalLoadPathSpec loadPath = instance.loadPath();
    if (loadPath == null) {
      errors.add(path + ".segments: the interval strategy needs at least one segment");
      return;
    }
    for (int i = 0; i < loadPath.segments().size(); i++) {
      SegmentSpec segment = loadPath.segments().get(i);
      String at = path + ".segments[" + i + "]";
      if (segment.peakUsers() > instance.maxUsers()) {
        errors.add(
            at
                + ": peaks at "
                + segment.peakUsers()
                + " users, more than maxUsers ("
                + instance.maxUsers()
                + ")");
      }
    }
  }
}
