package dev.anemometer.driver.cli;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.loadpath.LoadPathSpec;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.HealthThresholds;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options that describe a run, shared by {@code run} and {@code controller}. */
final class LoadOptions {

  @Option(names = "--config", description = "A run file (YAML); replaces the load options below.")
  Path config;

  @Option(
      names = "--target",
      split = ",",
      description = "Entry URL of an app instance, e.g. http://127.0.0.1:8080 (repeatable).")
  List<String> targets = new ArrayList<>();

  @Option(names = "--users", description = "Users of the fixed load; findMax: its initial step.")
  Integer users;

  @Option(
      names = "--duration",
      defaultValue = "300s",
      description = "The judged QoS period (default ${DEFAULT-VALUE}).")
  String duration;

  @Option(names = "--ramp-up", defaultValue = "10s", description = "Default ${DEFAULT-VALUE}.")
  String rampUp;

  @Option(names = "--warm-up", defaultValue = "0s", description = "Default ${DEFAULT-VALUE}.")
  String warmUp;

  @Option(names = "--qos-periods", defaultValue = "1", description = "Default ${DEFAULT-VALUE}.")
  int qosPeriods;

  @Option(names = "--ramp-down", defaultValue = "0s", description = "Default ${DEFAULT-VALUE}.")
  String rampDown;

  @Option(names = "--find-max", description = "Search for peak users instead of a fixed load.")
  boolean findMax;

  @Option(names = "--max-users", description = "findMax: never probe above this.")
  Integer maxUsers;

  @Option(
      names = "--step-duration",
      description = "findMax: length of an initial-ramp step (default 20s).")
  String stepDuration;

  @Option(
      names = "--max-pass-hint",
      defaultValue = "0",
      description =
          "findMax: where the peak is expected (a previous result); the climb starts just below"
              + " it in finer steps (default: none).")
  int maxPassHint;

  @Option(
      names = "--precision",
      description =
          "findMax: stop when the gap between highest pass and lowest fail is below this percent"
              + " (default 2.5).")
  Double precisionPercent;

  @Option(
      names = "--marginal-band",
      description =
          "findMax: a probe whose worst response-time or failure rule lands within this percent"
              + " of its limit, either side, runs again and two agreeing windows decide; 0 never"
              + " (default 25).")
  Double marginalBandPercent;

  @Option(
      names = "--verifications",
      defaultValue = "0",
      description =
          "findMax: times the answer runs again, judged over --verification-duration, and must"
              + " pass again (default ${DEFAULT-VALUE}).")
  int verifications;

  @Option(
      names = "--verification-duration",
      description = "findMax: the judged window of a verification (default: twice --duration).")
  String verificationDuration;

  @Option(
      names = "--behavior",
      defaultValue = "default",
      description = "Bundled behaviour name or file (default ${DEFAULT-VALUE}).")
  String behavior;

  @Option(
      names = "--first-account",
      defaultValue = "1",
      description = "First account number of this driver, 1-based (default ${DEFAULT-VALUE}).")
  int firstAccount;

  @Option(
      names = "--accounts",
      description = "Accounts this driver may use (default: the peak user count).")
  Integer accounts;

  @Option(
      names = "--connections-per-user",
      defaultValue = "4",
      description = "Default ${DEFAULT-VALUE}.")
  int connectionsPerUser;

  @Option(
      names = "--seed",
      defaultValue = "1",
      description = "Seed of every random choice (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--percentile",
      defaultValue = "99",
      description = "QoS response-time percentile (default ${DEFAULT-VALUE}).")
  double percentile;

  @Option(
      names = "--status-interval",
      defaultValue = "10s",
      description = "Live status and interval output period (default ${DEFAULT-VALUE}).")
  String statusInterval;

  @Option(
      names = "--name",
      defaultValue = "driver-run",
      description = "Run name (default ${DEFAULT-VALUE}).")
  String name;

  RunSpec toRunSpec() {
    if (config != null) {
      return RunConfigFile.load(config).toRunSpec();
    }
    if (targets.isEmpty()) {
      throw new IllegalArgumentException(
          "--target: at least one target URL is needed (or --config)");
    }
    if (users == null || users < 1) {
      throw new IllegalArgumentException("--users: must be a number >= 1, was " + users);
    }
    LoadPathSpec path = loadPath();
    int peak = findMax ? maxUsers : users;
    List<TargetSpec> specs = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      UsersConfig usersConfig =
          new UsersConfig(
              targetUri(targets.get(i)),
              behavior,
              firstAccount,
              accounts != null ? accounts : peak,
              connectionsPerUser,
              seed + i);
      specs.add(new TargetSpec("app" + i, usersConfig, path));
    }
    QosSpec qos = QosSpec.weathervaneDefaults().withPercentile(percentile);
    return new RunSpec(
        name,
        specs,
        "default".equals(behavior) ? qos : qos.withoutMix(),
        HealthThresholds.DEFAULTS,
        DurationText.parse("--status-interval", statusInterval),
        Duration.ofSeconds(1));
  }

  private LoadPathSpec loadPath() {
    Duration qosPeriod = DurationText.parse("--duration", duration);
    Duration ramp = DurationText.parse("--ramp-up", rampUp);
    Duration warm = DurationText.parse("--warm-up", warmUp);
    if (findMax) {
      if (maxUsers == null) {
        throw new IllegalArgumentException("--max-users: required with --find-max");
      }
      return new FindMaxLoadPathSpec(
          users,
          stepDuration == null
              ? FindMaxLoadPathSpec.DEFAULT_STEP_DURATION
              : DurationText.parse("--step-duration", stepDuration),
          ramp,
          warm,
          qosPeriod,
          precisionPercent == null
              ? FindMaxLoadPathSpec.DEFAULT_PRECISION_PERCENT
              : precisionPercent,
          verifications,
          verificationDuration == null
              ? FindMaxLoadPathSpec.defaultVerificationPeriod(qosPeriod)
              : DurationText.parse("--verification-duration", verificationDuration),
          maxUsers,
          maxPassHint,
          marginalBandPercent == null
              ? FindMaxLoadPathSpec.DEFAULT_MARGINAL_BAND_PERCENT
              : marginalBandPercent);
    }
    return new FixedLoadPathSpec(
        users, ramp, warm, qosPeriods, qosPeriod, DurationText.parse("--ramp-down", rampDown));
  }

  private static URI targetUri(String text) {
    try {
      URI uri = URI.create(text);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new IllegalArgumentException("missing scheme or host");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--target: expected a URL such as http://127.0.0.1:8080, was '" + text + "'");
    }
  }
}
