package dev.anemometer.harness.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every validation error names its path and what is accepted. */
class ConfigValidationTest {

  static Stream<Arguments> brokenSettings() {
    return Stream.of(
        Arguments.of(
            "appInstances[0].tiers.app.instances=0",
            "appInstances[0].tiers.app.instances: must be ≥ 1 (got 0)"),
        Arguments.of(
            "appInstances[0].tiers.web.impl=apache",
            "appInstances[0].tiers.web.impl: 'apache' is not one of: nginx, none, auto"),
        Arguments.of(
            "appInstances[0].tiers.app.color=red",
            "appInstances[0].tiers.app.color: unknown key; accepted: cpus, instances"),
        Arguments.of(
            "colour=red", "colour: unknown key; accepted: appInstances, audit, driver, elasticity"),
        Arguments.of(
            "qos.interval=90",
            "qos.interval: '90' is not a duration with a unit (250ms, 90s, 5m, 1h)"),
        Arguments.of("qos.rampUp=soon", "qos.rampUp: 'soon' is not a duration with a unit"),
        Arguments.of("qos.qosPeriods=abc", "qos.qosPeriods: 'abc' is not a whole number"),
        Arguments.of("qos.qosPeriods=0", "qos.qosPeriods: must be ≥ 1 (got 0)"),
        // A fraction where a count belongs is refused, not cut to a whole number.
        Arguments.of("qos.qosPeriods=1.5", "qos.qosPeriods: 1.5 is not a whole number"),
        Arguments.of(
            "appInstances[0].users=100.7", "appInstances[0].users: 100.7 is not a whole number"),
        Arguments.of("qos.percentile=101", "qos.percentile: must be > 0 and ≤ 100"),
        Arguments.of(
            "strategy=fastest", "strategy: 'fastest' is not one of: fixed, interval, findMax"),
        Arguments.of("target=moon", "target: 'moon' is not one of: local, compose, kubernetes"),
        Arguments.of("repeat=0", "repeat: must be ≥ 1 (got 0)"),
        Arguments.of(
            "appInstances[0].tuning.postgres.settings={log_line_prefix: \"x'; fsync = off\"}",
            "appInstances[0].tuning.postgres.settings.log_line_prefix: must not contain quotes"),
        Arguments.of(
            "appInstances[0].tuning.postgres.settings={work_mem: \"4MB\\nfsync = off\"}",
            "appInstances[0].tuning.postgres.settings.work_mem: must not contain quotes"),
        Arguments.of(
            "appInstances[0].tuning.postgres.settings={\"fsync = off #\": x}",
            "appInstances[0].tuning.postgres.settings.fsync = off #: must be a PostgreSQL setting"),
        Arguments.of("name=two words", "name: must be 1–80 letters, digits"),
        Arguments.of(
            "appInstances[0].users=301", "appInstances[0].users: must be ≤ maxUsers (300)"),
        Arguments.of(
            "appInstances[0].tiers.db.impl=postgres-external",
            "appInstances[0].tiers.db.jdbcUrl: is required when impl is postgres-external"),
        Arguments.of(
            "appInstances[0].tiers.db={impl: postgres-system, jdbcUrl: mysql://x}",
            "appInstances[0].tiers.db.jdbcUrl: must start with jdbc:postgresql://"),
        Arguments.of(
            "appInstances[0].tuning.postgres.sharedBuffers=big",
            "appInstances[0].tuning.postgres.sharedBuffers: 'big' is not a size with a unit"),
        Arguments.of(
            "appInstances[0].tuning.postgres.sharedBuffers=150%",
            "appInstances[0].tuning.postgres.sharedBuffers: must be a size > 0"),
        Arguments.of(
            "appInstances[0].tuning.haproxy.balance=random",
            "appInstances[0].tuning.haproxy.balance: 'random' is not one of: leastconn, roundrobin"),
        Arguments.of(
            "appInstances[0].tuning.app.gc=CMS",
            "appInstances[0].tuning.app.gc: 'CMS' is not one of: G1, ZGC, Parallel, Serial"),
        Arguments.of("appInstances=[]", "appInstances: must list at least one app instance"),
        Arguments.of(
            "appInstances[0].tiers=nginx",
            "appInstances[0].tiers: expected a mapping of keys to values"),
        Arguments.of(
            "faults=[{at: 10s, kill: app, instance: 3}]",
            "faults[0].instance: must be between 0 and 0 (the tier has 1 instance at the start)"),
        Arguments.of(
            "faults=[{at: 10s, kill: app, pause: db}]",
            "faults[0]: give exactly one of kill, restart, pause"),
        Arguments.of(
            "faults=[{at: 10s, pause: app}]", "faults[0].duration: is required with pause"),
        Arguments.of(
            "elasticity.schedule=[{at: 1m, tier: db, instances: 2}]",
            "elasticity.schedule[0].tier: must be one of: app, web, lb"),
        Arguments.of(
            "elasticity.schedule=[{at: 1m, tier: app}]",
            "elasticity.schedule[0].instances: is required (a whole number)"),
        Arguments.of(
            "elasticity.schedule=[{at: 1m, tier: lb, instances: 2, appInstance: 4}]",
            "elasticity.schedule[0].appInstance: must be between 0 and 0"),
        Arguments.of(
            "elasticity.schedule=[{at: 1m, tier: app, instances: 2, segment: 5}]",
            "elasticity.schedule[0].segment: must name one of the"),
        Arguments.of(
            "elasticity.schedule=[{at: 1m, tier: lb, instances: 2}]",
            "elasticity.schedule[0].tier: the local target scales only the app tier"),
        Arguments.of(
            "elasticity.reactive={min: 1, max: 3}",
            "elasticity.reactive: give p99UpMillis or cpuUp"),
        Arguments.of(
            "elasticity.reactive={min: 2, max: 1, p99UpMillis: 500}",
            "elasticity.reactive.max: is required, ≥ min (2)"),
        Arguments.of(
            "elasticity.reactive={max: 3, p99UpMillis: 500, p99DownMillis: 600}",
            "elasticity.reactive.p99DownMillis: must be below p99UpMillis"),
        Arguments.of("elasticity.statsInterval=500ms", "elasticity.statsInterval: must be ≥ 1s"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenSettings")
  void eachErrorNamesItsPath(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class, () -> new ConfigLoader().load(null, null, List.of(assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).anySatisfy(message -> assertThat(message).startsWith(expected));
  }

  @Test
  void aCpuRuleForFindMaxIsAnUnknownKeyOnEveryTarget() {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                new ConfigLoader()
                    .load(
                        null,
                        null,
                        List.of("strategy=findMax", "target=local", "findMax.minIdle=5")));

    assertThat(error).isNotNull();
    assertThat(error.errors())
        .anySatisfy(message -> assertThat(message).startsWith("findMax.minIdle: unknown key"));
  }

  static Stream<Arguments> brokenFindMax() {
    return Stream.of(
        Arguments.of("findMax.ceiling=301", "findMax.ceiling: must be ≤ appInstances[0].maxUsers"),
        Arguments.of("findMax.initialStep=0", "findMax.initialStep: must be ≥ 1"),
        Arguments.of("findMax.precision=0", "findMax.precision: must be a percentage > 0"),
        Arguments.of("findMax.verifications=-1", "findMax.verifications: must be between 0"),
        Arguments.of("findMax.precision=lots", "findMax.precision"),
        Arguments.of("findMax.qosPeriod=0s", "findMax.qosPeriod"),
        Arguments.of("findMax.step=-5s", "findMax.step"),
        Arguments.of("findMax.marginalBand=-1", "findMax.marginalBand: must be a percentage"),
        Arguments.of("findMax.marginalBand=60", "findMax.marginalBand: must be a percentage ≤ 50"),
        Arguments.of("findMax.marginalBand=some", "findMax.marginalBand"),
        Arguments.of(
            "findMax.maxPassHint=lots",
            "findMax.maxPassHint: expected a user count, one per app instance (comma separated)"
                + " or 'previous' (got 'lots')"),
        Arguments.of("findMax.maxPassHint=0", "findMax.maxPassHint: must be ≥ 1 (got 0)"),
        Arguments.of(
            "findMax.maxPassHint=100,200",
            "findMax.maxPassHint: has 2 counts for 1 app instances"));
  }

  @Test
  void aFixedRunLeavesTheFindMaxSectionAsItFindsIt() {
    AnemometerConfig fixed =
        new ConfigLoader()
            .load(null, null, List.of("findMax.precision=0", "findMax.verifications=11"));

    assertThat(fixed.findMax().precision()).isZero();
    assertThat(errors("strategy=findMax", "findMax.precision=0", "findMax.verifications=11"))
        .contains(
            "findMax.precision: must be a percentage > 0 (got 0.0)",
            "findMax.verifications: must be between 0 and 10 (got 11)");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenFindMax")
  void findMaxErrorsNameTheirKey(String assignment, String expected) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () -> new ConfigLoader().load(null, null, List.of("strategy=findMax", assignment)));

    assertThat(error).as("an error for " + assignment).isNotNull();
    assertThat(error.errors()).anySatisfy(message -> assertThat(message).startsWith(expected));
  }

  static Stream<Arguments> brokenLoadPaths() {
    return Stream.of(
        Arguments.of(
            "[{type: uniform, duration: 60s}]",
            "appInstances[0].loadPath.segments[0].users: is required"),
        Arguments.of(
            "[{type: ramp, from: 10, to: 50}]",
            "appInstances[0].loadPath.segments[0].duration: is required"),
        Arguments.of(
            "[{type: sine, min: 90, max: 50, period: 60s, duration: 5m}]",
            "appInstances[0].loadPath.segments[0].max: must be >= min 90, was 50"),
        Arguments.of(
            "[{type: spike, base: 10, peak: 50, at: 60s, duration: 30s, total: 70s}]",
            "appInstances[0].loadPath.segments[0].total: must cover at + duration = 90s, was 70s"),
        Arguments.of(
            "[{type: uniform, users: 10, duration: 60s, from: 3}]",
            "appInstances[0].loadPath.segments[0].from: unknown key; accepted: duration, users"),
        Arguments.of(
            "[{type: uniform, users: 900, duration: 60s}]",
            "appInstances[0].loadPath.segments[0]: peaks at 900 users, more than maxUsers (300)"),
        Arguments.of(
            "[{type: wave}]",
            "appInstances[0].loadPath.segments[0].type: 'wave' is not one of: uniform, ramp"));
  }

  @org.junit.jupiter.api.Test
  void anIntervalPathIsAnIntervalThatRunsAtLeastOnce() {
    String segments = " segments: [{type: uniform, users: 10, duration: 1m}]}";

    assertThat(errors("strategy=interval", "appInstances[0].loadPath={type: fixed," + segments))
        .containsExactly("appInstances[0].loadPath.type: 'fixed' is not one of: interval");
    assertThat(errors("strategy=interval", "appInstances[0].loadPath={repeat: 0," + segments))
        .containsExactly("appInstances[0].loadPath.repeat: must be >= 1, was 0");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenLoadPaths")
  void loadPathErrorsNameTheSegment(String segments, String expected) {
    assertThat(errors("strategy=interval", "appInstances[0].loadPath.segments=" + segments))
        .anySatisfy(message -> assertThat(message).startsWith(expected));
  }

  @org.junit.jupiter.api.Test
  void everyBrokenSegmentIsReportedAtTheIndexTheFileGivesIt() {
    assertThat(
            errors(
                "strategy=interval",
                "appInstances[0].loadPath.segments=[{type: ramp, from: 1, to: 9, duration: 1m,"
                    + " step: 2m}, {type: wave}, {type: uniform, users: 10, duration: 1m},"
                    + " {type: uniform, users: 10}]"))
        .containsExactly(
            "appInstances[0].loadPath.segments[0].step: must not exceed duration 1m, was 2m",
            "appInstances[0].loadPath.segments[1].type: 'wave' is not one of: uniform, ramp,"
                + " sine, spike",
            "appInstances[0].loadPath.segments[3].duration: is required, a duration such as 90s"
                + " or 5m");
  }

  /** The errors of a configuration of the defaults and {@code overrides}; none when it loads. */
  private static List<String> errors(String... overrides) {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class, () -> new ConfigLoader().load(null, null, List.of(overrides)));
    return error == null ? List.of() : error.errors();
  }

  @org.junit.jupiter.api.Test
  void scalingTheAppTierLocallyNeedsHaproxyOrNginxInFront() {
    List<String> scale = List.of("elasticity.schedule=[{at: 10s, tier: app, instances: 2}]");
    ConfigException unbalanced =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                new ConfigLoader()
                    .load(
                        null,
                        null,
                        concat(
                            scale,
                            "appInstances[0].tiers.lb.impl=none",
                            "appInstances[0].tiers.web.impl=none")));
    assertThat(unbalanced).isNotNull();
    assertThat(unbalanced.errors())
        .anySatisfy(
            message ->
                assertThat(message)
                    .startsWith(
                        "elasticity.schedule[0]: scaling the app tier on the local target"
                            + " needs lb: {impl: haproxy} or web: {impl: nginx}"));

    AnemometerConfig nginxBalances =
        new ConfigLoader()
            .load(
                null,
                null,
                concat(
                    scale,
                    "appInstances[0].tiers.lb.impl=none",
                    "appInstances[0].tiers.web.impl=nginx"));
    assertThat(nginxBalances.elasticity().schedule()).hasSize(1);
  }

  private static List<String> concat(List<String> first, String... more) {
    List<String> all = new java.util.ArrayList<>(first);
    all.addAll(List.of(more));
    return all;
  }

  @org.junit.jupiter.api.Test
  void everyMistakeIsReportedAtOnceEachOnItsOwnLineAndNothingTwice() {
    ConfigException error =
        catchThrowableOfType(
            ConfigException.class,
            () ->
                new ConfigLoader()
                    .load(
                        null,
                        null,
                        List.of(
                            "strategy=fixd",
                            "appInstances[0].maxUsers=abc",
                            "appInstances[0].users=-5",
                            "faults=[{at: 10s, kill: nothing}]",
                            "nosuchkey=1")));

    assertThat(error.errors())
        .containsExactly(
            "strategy: 'fixd' is not one of: fixed, interval, findMax",
            "appInstances[0].maxUsers: 'abc' is not a whole number",
            "faults[0].kill: 'nothing' is not one of: web, lb, app, db",
            error.errors().get(3),
            "appInstances[0].users: must be ≥ 1 (got -5)");
    assertThat(error.errors().get(3)).startsWith("nosuchkey: unknown key; accepted: ");
  }
}
