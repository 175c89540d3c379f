package dev.anemometer.harness.config;

import java.util.List;
import java.util.regex.Pattern;

/** Checks the tuning values that are set; the ones left out are computed later. */
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
    TuningSpec.Nginx nginx = tuning.nginxOrEmpty();
    positive(nginx.workerProcesses(), path + ".nginx.workerProcesses");
    positive(nginx.workerConnections(), path + ".nginx.workerConnections");
    positive(nginx.upstreamKeepalive(), path + ".nginx.upstreamKeepalive");
    absolute(nginx.imageCacheSize(), path + ".nginx.imageCacheSize");
    TuningSpec.Haproxy haproxy = tuning.haproxyOrEmpty();
    positive(haproxy.maxconn(), path + ".haproxy.maxconn");
    positive(haproxy.serverMaxconn(), path + ".haproxy.serverMaxconn");
    TuningSpec.App app = tuning.appOrEmpty();
    positive(app.maxThreads(), path + ".app.maxThreads");
    positive(app.hikariPoolSize(), path + ".app.hikariPoolSize");
    positive(app.cacheMaxUsers(), path + ".app.cacheMaxUsers");
    if (app.longPollTimeout() != null && app.longPollTimeout().isZero()) {
      errors.add(path + ".app.longPollTimeout: must be a duration > 0");
    }
    share(app.heap(), path + ".app.heap");
    TuningSpec.Postgres postgres = tuning.postgresOrEmpty();
    absolute(postgres.memory(), path + ".postgres.memory");
    share(postgres.sharedBuffers(), path + ".postgres.sharedBuffers");
    share(postgres.effectiveCacheSize(), path + ".postgres.effectiveCacheSize");
    share(postgres.workMem(), path + ".postgres.workMem");
    positive(postgres.maxConnections(), path + ".postgres.maxConnections");
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

  private void positive(Integer value, String path) {
    if (value != null && value < 1) {
      errors.add(path + ": must be ≥ 1 (got " + value + ")");
    }
  }

  private void absolute(Size size, String path) {
    if (size != null && (size.relative() || size.bytes() <= 0)) {
      errors.add(path + ": must be an absolute size > 0 (e.g. 256m, 2g)");
    }
  }

  private void share(Size size, String path) {
    if (size == null) {
      return;
    }
    if (size.relative() ? size.percent() <= 0 || size.percent() > 100 : size.bytes() <= 0) {
      errors.add(path + ": must be a size > 0 (e.g. 512m) or a share between 0% and 100%");
    }
  }
}
