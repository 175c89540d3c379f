package dev.anemometer.harness.config;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks the extra PostgreSQL settings, which go into postgresql.conf as written; the ranges of the
 * other tuning keys are on their records ({@link ConfigConstraints}).
 */
final class TuningValidator {

  private static final Pattern SETTING_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
  private static final Pattern UNSAFE_VALUE = Pattern.compile("['\"\\\\\\r\\n]");

  private final List<String> errors;

  TuningValidator(List<String> errors) {
    this.errors = errors;
  }

  void validate(AnemometerConfig config) {
    for (int i = 0; i < config.appInstances().size(); i++) {
      TuningSpec tuning = config.appInstances().get(i).tuning();
      if (tuning != null) {
        validate(tuning, "appInstances[" + i + "].tuning");
      }
    }
  }

  private void validate(TuningSpec tuning, String path) {
    TuningSpec.Postgres postgres = tuning.postgresOrEmpty();
    if (postgres.settings() != null) {
      postgres.settings().forEach((key, value) -> setting(key, value, path + ".postgres.settings"));
    }
  }

  /**
   * Extra settings are written into postgresql.conf as {@code key = 'value'}: a quote, a backslash
   * or a line break in either would end the value early and let the rest be read as settings.
   */
  private void setting(String key, String value, String path) {
    if (!SETTING_NAME.matcher(key).matches()) {
      errors.add(
          path + "." + key + ": must be a PostgreSQL setting name (letters, digits, _ and .)");
    } else if (value == null || UNSAFE_VALUE.matcher(value).find()) {
      errors.add(path + "." + key + ": must not contain quotes, backslashes or line breaks");
    }
  }
}
