package dev.anemometer.harness.run;

import dev.anemometer.harness.deploy.kubernetes.ClusterOptions;
import java.time.Duration;
import java.util.Objects;

/**
 * What the command line says about where a run goes beyond its config: the cluster to use and
 * whether to keep the namespaces after a kubernetes run.
 *
 * @param keep kubernetes: leave the namespaces for inspection ({@code teardown --kubernetes} later)
 */
public record TargetOptions(ClusterOptions cluster, boolean keep) {

  /** How long tiers may take to become ready when no option says otherwise. */
  static final Duration DEFAULT_READY_TIMEOUT = Duration.ofMinutes(15);

  public TargetOptions {
    cluster = Objects.requireNonNullElseGet(cluster, ClusterOptions::new);
  }

  public static TargetOptions defaults() {
    return new TargetOptions(new ClusterOptions(), false);
  }

  public Duration readyTimeout() {
    return Objects.requireNonNullElse(cluster.readyTimeout, DEFAULT_READY_TIMEOUT);
  }
}
