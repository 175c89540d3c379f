package dev.anemometer.harness.config;

import java.time.Duration;

/**
 * A long steady run watched for what slowly goes wrong (the {@code soak} block): every tier's
 * memory, open files, heap after GC, database connections and table sizes sampled during the load,
 * then judged for a leak (steady growth) and the p99 for drift.
 *
 * @param enabled sample resources during the load and judge leaks and drift; off by default, on in
 *     the {@code soak} preset
 * @param every how often the resources are sampled
 * @param leakPercentPerHour a series leaks when its growth over the second half of the steady load,
 *     projected to an hour, is at least this share of its level (and not noise, nor a saw-tooth)
 * @param leakMinSpan the least second half that is judged at all: a few minutes of warming caches
 *     project to an hour as a leak
 * @param driftPercent the p99 of an operation drifts when it rose by at least this share from the
 *     first {@code driftSpan} of the steady load to the last
 * @param driftMinMillis and by at least this much: a 4 ms p99 that became 6 ms is no finding
 * @param driftSpan how much of the start and of the end of the steady load are compared; at most a
 *     third of it each
 */
public record SoakSpec(
    boolean enabled,
    Duration every,
    double leakPercentPerHour,
    Duration leakMinSpan,
    double driftPercent,
    double driftMinMillis,
    Duration driftSpan) {

  /** No {@code soak} block: no sampler, no judgement (the defaults of every threshold). */
  public static final SoakSpec OFF = new SoakSpec(false, null, 10, null, 25, 10, null);

  public SoakSpec {
    every = every == null ? Duration.ofSeconds(15) : every;
    leakMinSpan = leakMinSpan == null ? Duration.ofMinutes(10) : leakMinSpan;
    driftSpan = driftSpan == null ? Duration.ofMinutes(10) : driftSpan;
  }
}
