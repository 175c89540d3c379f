package dev.anemometer.driver.cli;

import static dev.anemometer.driver.cli.RunConfigFile.at;
import static dev.anemometer.driver.cli.RunConfigFile.duration;
import static dev.anemometer.driver.cli.RunConfigFile.required;

import dev.anemometer.driver.cli.RunConfigFile.LoadPathConfig;
import dev.anemometer.driver.cli.RunConfigFile.SegmentConfig;
import dev.anemometer.driver.loadpath.FindMaxLoadPathSpec;
import dev.anemometer.driver.loadpath.FixedLoadPathSpec;
import dev.anemometer.driver.loadpath.IntervalLoadPathSpec;
import dev.anemometer.driver.loadpath.LoadPathSpec;
import dev.anemometer.driver.loadpath.SegmentSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A run file's {@code loadPath} into a {@link LoadPathSpec}, with Weathervane's defaults. Public so
 * that the harness can bind the same {@code loadPath} shape in its own configuration.
 */
public final class LoadPathConversion {

  private LoadPathConversion() {}

  /** Converts; errors name the field relative to the load path (prefix them with its path). */
  public static LoadPathSpec loadPath(LoadPathConfig c) {
    String type = c.type() == null ? "fixed" : c.type();
    return switch (type) {
      case "fixed" ->
          new FixedLoadPathSpec(
              required("users", c.users()),
              duration("rampUp", c.rampUp(), "240s"),
              duration("warmUp", c.warmUp(), "300s"),
              c.qosPeriods() == null ? 1 : c.qosPeriods(),
              duration("qosPeriod", c.qosPeriod(), "300s"),
              duration("rampDown", c.rampDown(), "120s"));
      case "interval" ->
          new IntervalLoadPathSpec(segments(c.segments()), c.repeat() == null ? 1 : c.repeat());
      case "findMax" -> findMax(c);
      default ->
          throw new IllegalArgumentException(
              "type: expected fixed, interval or findMax, was '" + type + "'");
    };
  }

  private static FindMaxLoadPathSpec findMax(LoadPathConfig c) {
    Duration probeQosPeriod =
        orDefault(
            "probeQosPeriod", c.probeQosPeriod(), FindMaxLoadPathSpec.DEFAULT_PROBE_QOS_PERIOD);
    return new FindMaxLoadPathSpec(
        required("initialStep", c.initialStep()),
        orDefault(
            "initialStepDuration",
            c.initialStepDuration(),
            FindMaxLoadPathSpec.DEFAULT_STEP_DURATION),
        orDefault("probeRampUp", c.probeRampUp(), FindMaxLoadPathSpec.DEFAULT_PROBE_RAMP_UP),
        orDefault("probeWarmUp", c.probeWarmUp(), FindMaxLoadPathSpec.DEFAULT_PROBE_WARM_UP),
        probeQosPeriod,
        c.precisionPercent() == null
            ? FindMaxLoadPathSpec.DEFAULT_PRECISION_PERCENT
            : c.precisionPercent(),
        c.verificationRepeats() == null
            ? FindMaxLoadPathSpec.DEFAULT_VERIFICATIONS
            : c.verificationRepeats(),
        orDefault(
            "verificationQosPeriod",
            c.verificationQosPeriod(),
            FindMaxLoadPathSpec.defaultVerificationPeriod(probeQosPeriod)),
        required("maxUsers", c.maxUsers()),
        c.maxPassHint() == null ? 0 : c.maxPassHint(),
        c.marginalBandPercent() == null
            ? FindMaxLoadPathSpec.DEFAULT_MARGINAL_BAND_PERCENT
            : c.marginalBandPercent());
  }

  /** The duration given, or the spec's default when the key is absent. */
  private static Duration orDefault(String name, String text, Duration fallback) {
    return text == null ? fallback : duration(name, text, null);
  }

  private static List<SegmentSpec> segments(List<SegmentConfig> configs) {
    if (configs == null) {
      throw new IllegalArgumentException("segments: missing");
    }
    List<SegmentSpec> segments = new ArrayList<>();
    for (int i = 0; i < configs.size(); i++) {
      SegmentConfig s = configs.get(i);
      segments.add(at("segments[" + i + "].", () -> segment(s)));
    }
    return segments;
  }

  private static SegmentSpec segment(SegmentConfig s) {
    String type = s.type() == null ? "" : s.type();
    return switch (type) {
      case "uniform" ->
          new SegmentSpec.Uniform(
              required("users", s.users()), duration("duration", s.duration(), null));
      case "ramp" ->
          new SegmentSpec.Ramp(
              required("from", s.from()),
              required("to", s.to()),
              duration("duration", s.duration(), null),
              s.step() == null ? null : duration("step", s.step(), null));
      case "sine" ->
          new SegmentSpec.Sine(
              required("min", s.min()),
              required("max", s.max()),
              duration("period", s.period(), null),
              duration("duration", s.duration(), null));
      case "spike" ->
          new SegmentSpec.Spike(
              required("base", s.base()),
              required("peak", s.peak()),
              duration("at", s.at(), null),
              duration("duration", s.duration(), null),
              duration("total", s.total(), null));
      default ->
          throw new IllegalArgumentException(
              "type: expected uniform, ramp, sine or spike, was '" + type + "'");
    };
  }
}
