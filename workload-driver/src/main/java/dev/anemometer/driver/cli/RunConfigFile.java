package dev.anemometer.driver.cli;

import dev.anemometer.driver.behavior.UsersConfig;
import dev.anemometer.driver.loadpath.LoadPathSpec;
import dev.anemometer.driver.operation.Notification;
import dev.anemometer.driver.operation.OperationType;
import dev.anemometer.driver.qos.QosSpec;
import dev.anemometer.driver.run.RunSpec;
import dev.anemometer.driver.run.TargetSpec;
import dev.anemometer.driver.stats.HealthThresholds;
import dev.anemometer.driver.syntax.BindingPaths;
import dev.anemometer.driver.syntax.DurationModule;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The driver's own run file ({@code run --config run.yaml}), bound by Jackson and converted into a
 * {@link RunSpec}; every error names its path, e.g. {@code targets[0].loadPath.segments[1].step}.
 */
public record RunConfigFile(
    String name,
    String statusInterval,
    QosConfig qos,
    ThresholdsConfig thresholds,
    List<TargetConfig> targets) {

  public record QosConfig(
      Double percentile,
      Boolean mix,
      Double maxFailurePercent,
      String defaultLimit,
      Map<String, String> limits) {}

  public record ThresholdsConfig(String maxEventLoopLag, Double maxProcessCpuLoad) {}

  public record TargetConfig(
      String id,
      String url,
      String behavior,
      Integer firstAccount,
      Integer accounts,
      Integer connectionsPerUser,
      Long seed,
      LoadPathSpec loadPath) {}

  private static final YAMLMapper MAPPER =
      YAMLMapper.builder()
          .addModule(new DurationModule())
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  public static RunConfigFile load(Path file) {
    try {
      return MAPPER.readValue(file.toFile(), RunConfigFile.class);
    } catch (tools.jackson.core.JacksonException e) {
      throw new IllegalArgumentException(file + ": " + BindingPaths.describe(e), e);
    }
  }

  public RunSpec toRunSpec() {
    if (targets == null || targets.isEmpty()) {
      throw new IllegalArgumentException("targets: must list at least one target");
    }
    List<TargetSpec> specs = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      TargetConfig target = targets.get(i);
      String prefix = "targets[" + i + "].";
      specs.add(at(prefix, () -> target(target, prefix, specs.size())));
    }
    boolean mix = specs.stream().allMatch(t -> "default".equals(t.users().behavior()));
    QosSpec qosSpec = at("qos.", () -> qos(qos, mix));
    HealthThresholds limits = at("thresholds.", () -> thresholds(thresholds));
    Duration status = duration("statusInterval", statusInterval, "10s");
    return new RunSpec(
        name == null ? "driver-run" : name, specs, qosSpec, limits, status, Duration.ofSeconds(1));
  }

  private static TargetSpec target(TargetConfig target, String prefix, int index) {
    if (target.url() == null) {
      throw new IllegalArgumentException("url: missing");
    }
    if (target.loadPath() == null) {
      throw new IllegalArgumentException("loadPath: missing");
    }
    LoadPathSpec path = target.loadPath();
    int accounts = target.accounts() != null ? target.accounts() : Math.max(1, path.mostUsers());
    UsersConfig users =
        new UsersConfig(
            URI.create(target.url()),
            target.behavior() == null ? "default" : target.behavior(),
            target.firstAccount() == null ? 1 : target.firstAccount(),
            accounts,
            target.connectionsPerUser() == null ? 4 : target.connectionsPerUser(),
            target.seed() == null ? 1 : target.seed());
    return new TargetSpec(target.id() == null ? "app" + index : target.id(), users, path);
  }

  private static QosSpec qos(QosConfig c, boolean defaultBehaviour) {
    QosSpec defaults = QosSpec.weathervaneDefaults();
    if (c == null) {
      return defaultBehaviour ? defaults : defaults.withoutMix();
    }
    Map<OperationType, Duration> limits = new EnumMap<>(defaults.limits());
    Map<Notification, Duration> notificationLimits = new EnumMap<>(defaults.notificationLimits());
    if (c.limits() != null) {
      // A notification's limit sits beside the operations' (BidNotification: 2s).
      c.limits()
          .forEach(
              (name, limit) -> {
                Duration parsed = duration("limits." + name, limit, null);
                if (Notification.isDisplayName(name)) {
                  notificationLimits.put(Notification.fromDisplayName(name), parsed);
                } else {
                  limits.put(
                      at("limits." + name + ": ", () -> OperationType.fromDisplayName(name)),
                      parsed);
                }
              });
    }
    boolean mix = c.mix() != null ? c.mix() : defaultBehaviour;
    return new QosSpec(
        c.percentile() == null ? defaults.percentile() : c.percentile(),
        c.defaultLimit() == null
            ? defaults.defaultLimit()
            : duration("defaultLimit", c.defaultLimit(), null),
        limits,
        defaults.notTimeJudged(),
        mix ? defaults.expectedMixPercent() : Map.of(),
        defaults.mixTolerance(),
        defaults.defaultMixTolerance(),
        c.maxFailurePercent() == null ? defaults.maxFailurePercent() : c.maxFailurePercent(),
        notificationLimits);
  }

  private static HealthThresholds thresholds(ThresholdsConfig c) {
    HealthThresholds d = HealthThresholds.DEFAULTS;
    if (c == null) {
      return d;
    }
    return new HealthThresholds(
        c.maxEventLoopLag() == null
            ? d.maxEventLoopLag()
            : duration("maxEventLoopLag", c.maxEventLoopLag(), null),
        c.maxProcessCpuLoad() == null ? d.maxProcessCpuLoad() : c.maxProcessCpuLoad());
  }

  static Duration duration(String name, String text, String fallback) {
    return DurationText.parse(name, text != null ? text : fallback);
  }

  /** Runs {@code conversion}, prefixing any error's field name with {@code prefix}. */
  static <T> T at(String prefix, Supplier<T> conversion) {
    try {
      return conversion.get();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(prefix + e.getMessage(), e);
    }
  }
}
