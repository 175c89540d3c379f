package dev.anemometer.harness.config;

import dev.anemometer.driver.spec.IntervalPath;
import dev.anemometer.driver.spec.Segment;
import dev.anemometer.driver.spec.SegmentType;
import java.time.Duration;
import java.util.List;

/** Checks an interval load path: each segment has the fields its type needs, and no others. */
final class LoadPathValidator {

  private final List<String> errors;

  LoadPathValidator(List<String> errors) {
    this.errors = errors;
  }

  void validate(AppInstanceSpec instance, String path) {
    IntervalPath loadPath = instance.loadPath();
    if (loadPath == null || loadPath.segments().isEmpty()) {
      errors.add(path + ".segments: the interval strategy needs at least one segment");
      return;
    }
    if (loadPath.type() != null && !loadPath.type().equals("interval")) {
      errors.add(path + ".type: '" + loadPath.type() + "' is not one of: interval");
    }
    for (int i = 0; i < loadPath.segments().size(); i++) {
      Segment segment = loadPath.segments().get(i);
      String at = path + ".segments[" + i + "]";
      if (segment.type() == null) {
        errors.add(
            at + ".type: is required; one of: " + ConfigName.acceptedValues(SegmentType.class));
        continue;
      }
      validateSegment(segment, at);
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

  private void validateSegment(Segment s, String at) {
    switch (s.type()) {
      case UNIFORM -> {
        users(s.users(), at + ".users");
        positive(s.duration(), at + ".duration");
        unused(at, s.from(), "from", s.to(), "to", s.min(), "min", s.max(), "max");
        unused(at, s.base(), "base", s.peak(), "peak", s.period(), "period", s.at(), "at");
      }
      case RAMP -> {
        users(s.from(), at + ".from");
        users(s.to(), at + ".to");
        positive(s.duration(), at + ".duration");
        unused(at, s.users(), "users", s.min(), "min", s.max(), "max", s.base(), "base");
      }
      case SINE -> {
        users(s.min(), at + ".min");
        users(s.max(), at + ".max");
        positive(s.period(), at + ".period");
        positive(s.duration(), at + ".duration");
        if (s.min() != null && s.max() != null && s.min() > s.max()) {
          errors.add(at + ".min: must be ≤ max (" + s.max() + ")");
        }
        unused(at, s.users(), "users", s.from(), "from", s.to(), "to", s.base(), "base");
      }
      case SPIKE -> {
        users(s.base(), at + ".base");
        users(s.peak(), at + ".peak");
        notNegative(s.at(), at + ".at");
        positive(s.duration(), at + ".duration");
        positive(s.total(), at + ".total");
        if (s.at() != null
            && s.duration() != null
            && s.total() != null
            && s.at().plus(s.duration()).compareTo(s.total()) > 0) {
          errors.add(
              at + ".total: must be ≥ at + duration (the spike must end within the segment)");
        }
        unused(at, s.users(), "users", s.from(), "from", s.to(), "to", s.min(), "min");
      }
    }
  }

  private void unused(String at, Object... valueNamePairs) {
    for (int i = 0; i < valueNamePairs.length; i += 2) {
      if (valueNamePairs[i] != null) {
        errors.add(at + "." + valueNamePairs[i + 1] + ": is not used by this segment type");
      }
    }
  }

  private void users(Integer value, String path) {
    if (value == null || value < 0) {
      errors.add(path + ": is required, a number of users ≥ 0");
    }
  }

  private void positive(Duration value, String path) {
    if (value == null || value.isZero() || value.isNegative()) {
      errors.add(path + ": is required, a duration > 0 (e.g. 90s, 5m)");
    }
  }

  private void notNegative(Duration value, String path) {
    if (value == null || value.isNegative()) {
      errors.add(path + ": is required, a duration ≥ 0 (e.g. 60s)");
    }
  }
}
