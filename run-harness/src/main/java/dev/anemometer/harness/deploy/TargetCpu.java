package dev.anemometer.harness.deploy;

import java.util.List;

/**
 * CPU per tier as the target measures it where this host cannot see the tiers' processes (the
 * metrics API of a cluster): every tier pod's CPU so far, as a process's would be.
 */
public interface TargetCpu {

  /**
   * One tier pod and the CPU it used so far.
   *
   * @param process the pod as a tier process (its pid is 0: it has none on this host)
   * @param cpuNanos CPU nanoseconds used since the harness began to read
   */
  record Use(TierProcess process, long cpuNanos) {}

  /**
   * Every tier pod's CPU so far.
   *
   * @throws Unavailable when the target cannot measure it, with the reason in one line
   */
  List<Use> read();

  /** Says why CPU per tier cannot be measured (a cluster without the metrics API). */
  final class Unavailable extends RuntimeException {

    public Unavailable(String reason) {
      super(reason);
    }
  }
}
