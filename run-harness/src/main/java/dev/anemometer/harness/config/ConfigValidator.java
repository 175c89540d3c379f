package dev.anemometer.harness.config;

import dev.anemometer.driver.spec.QosPhases;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks what binding cannot: ranges, required combinations and references between sections. Every
 * message starts with the path of the offending key. It reads the file alone, so a configuration is
 * valid or not on every machine alike; what a machine must have is its target's pre-flight.
 */
final class ConfigValidator {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,79}");

  private final List<String> errors = new ArrayList<>();

  List<String> validate(AnemometerConfig config) {
    errors.addAll(ConfigConstraints.errors(config));
    if (config.name() == null || !NAME.matcher(config.name()).matches()) {
      error("name", "must be 1–80 letters, digits, '.', '_' or '-' (it names the results folder)");
    }
    require(config.target() != null, "target", "is required; one of: local, compose, kubernetes");
    require(config.strategy() != null, "strategy", "is required; one of: fixed, interval, findMax");
    if (config.appInstances().isEmpty()) {
      error("appInstances", "must list at least one app instance");
    }
    for (int i = 0; i < config.appInstances().size(); i++) {
      validateInstance(config, config.appInstances().get(i), "appInstances[" + i + "]");
    }
    validateQos(config.qos());
    if (config.strategy() == Strategy.FIND_MAX) {
      validateFindMax(config);
    }
    new ScheduleValidator(errors).validate(config);
    new TuningValidator(errors).validate(config);
    new DriverValidator(errors).validate(config);
    new TierCpusValidator(errors).validate(config);
    return errors;
  }

  private void validateInstance(AnemometerConfig config, AppInstanceSpec instance, String path) {
    if (config.strategy() == Strategy.FIXED) {
      atLeast(instance.users(), 1, path + ".users");
    }
    // Only the fixed strategy drives `users`; interval and findMax have their own bounds.
    if (config.strategy() == Strategy.FIXED && instance.users() > instance.maxUsers()) {
      error(
          path + ".users",
          "must be ≤ maxUsers (" + instance.maxUsers() + "): the data is sized for maxUsers users");
    }
    validateTiers(instance.tiers(), path + ".tiers");
    if (config.strategy() == Strategy.INTERVAL) {
      new LoadPathValidator(errors).validate(instance, path + ".loadPath");
    }
  }

  private void validateTiers(TiersSpec tiers, String path) {
    if (tiers == null || tiers.app() == null || tiers.db() == null) {
      error(path, "must give app and db (web and lb default to auto)");
      return;
    }
    if (tiers.web() != null && tiers.web().impl() != WebImpl.NONE) {
      atLeast(tiers.web().instances(), 1, path + ".web.instances");
    }
    if (tiers.lb() != null && tiers.lb().impl() != LbImpl.NONE) {
      atLeast(tiers.lb().instances(), 1, path + ".lb.instances");
    }
    TiersSpec.DbTier db = tiers.db();
    require(db.impl() != null, path + ".db.impl", "is required; one of: " + dbImpls());
    if (db.impl() == DbImpl.POSTGRES_EXTERNAL && db.jdbcUrl() == null) {
      error(path + ".db.jdbcUrl", "is required when impl is postgres-external");
    }
    if (db.jdbcUrl() != null && !db.jdbcUrl().startsWith("jdbc:postgresql://")) {
      error(path + ".db.jdbcUrl", "must start with jdbc:postgresql://");
    }
    if (db.impl() == DbImpl.EMBEDDED && db.jdbcUrl() != null) {
      error(path + ".db.jdbcUrl", "is not used by impl embedded; use postgres-external");
    }
  }

  private void validateQos(QosPhases qos) {
    if (!(qos.percentile() > 0 && qos.percentile() <= 100)) {
      error("qos.percentile", "must be > 0 and ≤ 100");
    }
    positive(qos.interval(), "qos.interval");
    notNegative(qos.rampUp(), "qos.rampUp");
    notNegative(qos.warmUp(), "qos.warmUp");
    notNegative(qos.rampDown(), "qos.rampDown");
    positive(qos.bidNotificationLimit(), "qos.bidNotificationLimit");
    positive(qos.itemNotificationLimit(), "qos.itemNotificationLimit");
    atLeast(qos.qosPeriods(), 1, "qos.qosPeriods");
  }

  private void validateFindMax(AnemometerConfig config) {
    FindMaxSpec findMax = config.findMax();
    if (findMax.ceiling() != null) {
      for (int i = 0; i < config.appInstances().size(); i++) {
        int maxUsers = config.appInstances().get(i).maxUsers();
        if (findMax.ceiling() > maxUsers) {
          error(
              "findMax.ceiling",
              "must be ≤ appInstances[" + i + "].maxUsers (" + maxUsers + "): the data size");
        }
      }
    }
    validateHint(config, findMax);
  }

  private void validateHint(AnemometerConfig config, FindMaxSpec findMax) {
    if (findMax.maxPassHint() == null || findMax.hintFromPrevious()) {
      return;
    }
    List<Integer> hints;
    try {
      hints = findMax.hints();
    } catch (NumberFormatException e) {
      error(
          "findMax.maxPassHint",
          "expected a user count, one per app instance (comma separated) or 'previous' (got '"
              + findMax.maxPassHint()
              + "')");
      return;
    }
    if (hints.size() > 1 && hints.size() != config.appInstances().size()) {
      error(
          "findMax.maxPassHint",
          "has "
              + hints.size()
              + " counts for "
              + config.appInstances().size()
              + " app instances: give one, or one per instance");
    }
    for (int i = 0; i < hints.size(); i++) {
      if (hints.get(i) < 1) {
        error("findMax.maxPassHint", "must be ≥ 1 (got " + hints.get(i) + ")");
      }
    }
  }

  private static String dbImpls() {
    return ConfigName.acceptedValues(DbImpl.class);
  }

  private void positive(Duration duration, String path) {
    if (duration == null || duration.isZero() || duration.isNegative()) {
      error(path, "must be a duration > 0 (e.g. 90s, 5m)");
    }
  }

  private void notNegative(Duration duration, String path) {
    if (duration == null || duration.isNegative()) {
      error(path, "must be a duration ≥ 0 (e.g. 0s, 90s, 5m)");
    }
  }

  private void atLeast(int value, int minimum, String path) {
    if (value < minimum) {
      error(path, "must be ≥ " + minimum + " (got " + value + ")");
    }
  }

  private void require(boolean condition, String path, String message) {
    if (!condition) {
      error(path, message);
    }
  }

  private void error(String path, String message) {
    errors.add(path + ": " + message);
  }
}
