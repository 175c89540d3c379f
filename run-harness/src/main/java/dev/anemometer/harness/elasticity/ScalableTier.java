package dev.anemometer.harness.elasticity;

import dev.anemometer.harness.config.TierName;
import java.util.OptionalDouble;

/**
 * A tier whose instance count a target can change during a run: the local target through HAProxy's
 * runtime API, Compose through {@code --scale}, Kubernetes through Deployment replicas. A change
 * blocks until it has taken effect and reports each step (started, ready, in LB, draining, drained,
 * stopped) as it happens, so the results carry its timing.
 */
public interface ScalableTier {

  TierName tier();

  /** Instances serving or about to serve traffic, as the last completed change left them. */
  int instances();

  /** The largest count this tier can reach in this deployment (prepared LB slots, quota). */
  int maxInstances();

  void scaleTo(int instances, ChangeSteps steps) throws InterruptedException;

  /**
   * Mean CPU use of the tier's instances since the previous call, in cores per instance (0..1 on an
   * idle-to-busy single-threaded scale, above 1 when an instance uses several cores); empty where
   * the target cannot tell.
   */
  default OptionalDouble cpuUtilization() {
    return OptionalDouble.empty();
  }
}
