package dev.anemometer.harness.config;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import dev.anemometer.driver.syntax.ConfigDefault;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;

/**
 * A long steady run watched for what slowly goes wrong (the {@code soak} block): every tier's
 * memory, open files, heap after GC, database connections and table sizes sampled during the load,
 * then judged for a leak (steady growth) and the p99 for drift.
 */
public record SoakSpec(
    @ConfigDefault("`false` (`true` in the `soak` preset)")
        @JsonPropertyDescription(
            "sample every tier's resources during the load into `resources.csv`, "
                + "and judge leaks and p99 drift in `summary.json`, on the console and in the report")
        Boolean enabled,
    @ConfigDefault("`15s`")
        @JsonPropertyDescription("how often resources are sampled (1s–10m)")
        @DurationMin(seconds = 1, message = SoakSpec.EVERY_RANGE)
        @DurationMax(minutes = 10, message = SoakSpec.EVERY_RANGE)
        Duration every,
    @ConfigDefault("`10`")
        @JsonPropertyDescription(
            "a series leaks when its least-squares growth over the second half of "
                + "the steady load, projected to an hour, is at least this percentage of "
                + "its level (and beyond noise, with its floor rising too, so that a "
                + "saw-tooth is no leak)")
        @Positive(message = "must be a percentage > 0")
        Double leakPercentPerHour,
    @ConfigDefault("`10m`")
        @JsonPropertyDescription(
            "the least second half that is judged (a few minutes of warming caches "
                + "would project to an hour as a leak); shorter runs say `too short`")
        @PositiveDuration
        Duration leakMinSpan,
    @ConfigDefault("`25`")
        @JsonPropertyDescription(
            "an operation's p99 drifts when the last `driftSpan` of the steady load "
                + "is at least this percentage above the first…")
        @Positive(message = "must be a percentage > 0")
        Double driftPercent,
    @ConfigDefault("`10`")
        @JsonPropertyDescription(
            "…and at least this many milliseconds above it (a 4 ms p99 that became 6 ms is no finding)")
        @PositiveOrZero
        Double driftMinMillis,
    @ConfigDefault("`10m`")
        @JsonPropertyDescription(
            "how much of the start and of the end of the steady load are compared "
                + "(at most a third of it each)")
        @PositiveDuration
        Duration driftSpan) {

  /** How often a soak may sample: often enough to see a trend, seldom enough to cost nothing. */
  static final String EVERY_RANGE = "must be a duration between 1s and 10m (e.g. 15s)";

  /** No {@code soak} block: no sampler, no judgement (the defaults of every threshold). */
  public static final SoakSpec OFF = new SoakSpec(null, null, null, null, null, null, null);

  public SoakSpec {
    enabled = enabled != null && enabled;
    leakPercentPerHour = leakPercentPerHour == null ? 10 : leakPercentPerHour;
    driftPercent = driftPercent == null ? 25 : driftPercent;
    driftMinMillis = driftMinMillis == null ? 10 : driftMinMillis;
    every = every == null ? Duration.ofSeconds(15) : every;
    leakMinSpan = leakMinSpan == null ? Duration.ofMinutes(10) : leakMinSpan;
    driftSpan = driftSpan == null ? Duration.ofMinutes(10) : driftSpan;
  }
}
