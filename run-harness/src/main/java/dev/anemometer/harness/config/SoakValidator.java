package dev.anemometer.harness.config;

import java.time.Duration;
import java.util.List;

/** Checks the {@code soak} block: a sampling period a run can keep, thresholds that can be met. */
final class SoakValidator {

  static final Duration FASTEST = Duration.ofSeconds(1);
  static final Duration SLOWEST = Duration.ofMinutes(10);

  private final List<String> errors;

  SoakValidator(List<String> errors) {
    this.errors = errors;
  }

  void validate(AnemometerConfig config) {
    SoakSpec soak = config.soak();
    if (soak.every().compareTo(FASTEST) < 0 || soak.every().compareTo(SLOWEST) > 0) {
      errors.add("soak.every: must be a duration between 1s and 10m (e.g. 15s)");
    }
    if (!(soak.leakPercentPerHour() > 0)) {
      errors.add(
          "soak.leakPercentPerHour: must be a percentage > 0 (got "
              + soak.leakPercentPerHour()
              + ")");
    }
    positive(soak.leakMinSpan(), "soak.leakMinSpan");
    if (!(soak.driftPercent() > 0)) {
      errors.add("soak.driftPercent: must be a percentage > 0 (got " + soak.driftPercent() + ")");
    }
    if (!(soak.driftMinMillis() >= 0)) {
      errors.add("soak.driftMinMillis: must be ≥ 0 (got " + soak.driftMinMillis() + ")");
    }
    positive(soak.driftSpan(), "soak.driftSpan");
  }

  private void positive(Duration duration, String path) {
    if (duration.isZero() || duration.isNegative()) {
      errors.add(path + ": must be a duration > 0 (e.g. 90s, 5m)");
    }
  }
}
